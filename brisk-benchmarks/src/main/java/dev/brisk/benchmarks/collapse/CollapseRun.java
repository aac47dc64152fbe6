package dev.brisk.benchmarks.collapse;

import java.time.Duration;

/**
 * What one {@code collapse} run does.
 *
 * @param collapse     {@code --mode on}: collapsing enabled (server: {@code RouteCollapsing} on the route; client:
 *                     {@code CollapsingInterceptor} in the load client)
 * @param server       {@code --scenario server} (a slow backend behind a route) or {@code client} (a fast route
 *                     called through brisk-client)
 * @param concurrency  callers in flight at all times (closed loop); default 400 (server) or 200 (client)
 * @param warmup       time run before measuring
 * @param duration     measured window
 * @param backendMs    how long one backend call takes (server scenario)
 * @param backendSlots backend calls that may run at once: the route's worker threads (server scenario)
 * @param keys         distinct keys requested: 1 is one hot key, 0 means every request a new key
 * @param zipf         keys drawn with a Zipf distribution (s = 1) instead of uniformly
 * @param controlled   {@code --controlled}: measured windows on command from standard input, the load stopped between
 */
record CollapseRun(boolean collapse, boolean server, int concurrency, Duration warmup, Duration duration, int backendMs,
                   int backendSlots, int keys, boolean zipf, boolean controlled) {

    CollapseRun {
        if (concurrency < 1) {
            throw new IllegalArgumentException("collapse: --concurrency must be >= 1: " + concurrency);
        }
        if (backendMs < 0 || backendSlots < 1) {
            throw new IllegalArgumentException("collapse: --backend-ms must be >= 0 and --backend-slots >= 1: "
                    + backendMs + ", " + backendSlots);
        }
        if (keys < 0) {
            throw new IllegalArgumentException("collapse: --keys must be >= 1, or 'unique': " + keys);
        }
    }
}
