package dev.brisk.rest.internal;

import dev.brisk.rest.internal.protect.Limiter;

import java.time.Duration;

/**
 * What protects one route, decided at startup: its concurrency limit and its timeout (either may be absent, not
 * both; a route with neither has no guard).
 */
final class RouteGuard {

    /** Null when the route has no limit of its own. */
    final Limiter limiter;
    /** Null when the route has no timeout. */
    final Duration timeout;
    /** Whether a handler that overruns its timeout may be interrupted: it runs on worker or virtual threads. */
    final boolean interruptible;

    RouteGuard(Limiter limiter, Duration timeout, boolean interruptible) {
        this.limiter = limiter;
        this.timeout = timeout;
        this.interruptible = interruptible;
    }
}
