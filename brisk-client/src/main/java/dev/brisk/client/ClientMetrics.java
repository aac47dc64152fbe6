package dev.brisk.client;

import dev.brisk.http.common.Protocol;
import io.netty.handler.codec.http.HttpMethod;

/**
 * Receives what a {@link BriskClient} measures; set with {@link BriskClient.Builder#metrics(ClientMetrics)}. Without
 * one the client measures nothing: no clock is read and nothing is allocated for metrics.
 *
 * <p><b>Calls.</b> Each call the client sends is reported once, when it ends, with the host and method of the request
 * as it was sent first and the time from the start of the call to its end, in nanoseconds. Retries and redirects
 * happen inside a call: they are part of its duration and are not reported on their own, and the status reported is
 * that of the final response. An interceptor that calls {@code proceed} twice starts two calls; one that answers
 * without proceeding starts none. A status such as 404 or 503 is a response, reported through
 * {@link #callCompleted}; {@link #callFailed} is for calls that ended without a response (connection refused,
 * timeouts, cancellation...). Calls rejected before they start (a URL that is not absolute, a closed client, a body no
 * codec can write) are not reported.
 *
 * <p><b>Pools.</b> {@link #poolCreated} is told when the client creates the pool of a new host, and
 * {@link #poolRemoved} when that pool is dropped (unused for {@code poolExpiry}, or the client closed), so gauges can
 * be registered and removed with it. For one pool, {@code poolCreated} always comes before {@code poolRemoved}.
 *
 * <p>Methods are called on the client's event loops (pool removal on a timer of the first loop, and pool creation on
 * the thread that first asked for the host), so they must be quick and must not block. An exception thrown by a
 * method is caught and ignored: metrics never change the outcome of a call. Every method does nothing by default.
 */
public interface ClientMetrics {

    /**
     * A call ended with a response.
     *
     * @param host          the origin of the first request, as {@code scheme://host:port}
     * @param method        the method of the first request
     * @param status        the status of the final response
     * @param durationNanos from the start of the call to the response, retries and redirects included
     */
    default void callCompleted(String host, HttpMethod method, int status, long durationNanos) {
    }

    /**
     * A call ended with a response that came over {@code protocol}; the client calls this one, which by default
     * calls {@link #callCompleted(String, HttpMethod, int, long)}. Override it to count calls by HTTP version (HTTP/3
     * among them).
     *
     * @param host          the origin of the first request, as {@code scheme://host:port}
     * @param method        the method of the first request
     * @param status        the status of the final response
     * @param protocol      the HTTP version of the final response
     * @param durationNanos from the start of the call to the response, retries and redirects included
     */
    default void callCompleted(String host, HttpMethod method, int status, Protocol protocol, long durationNanos) {
        callCompleted(host, method, status, durationNanos);
    }

    /**
     * A call ended without a response.
     *
     * @param host          the origin of the first request, as {@code scheme://host:port}
     * @param method        the method of the first request
     * @param failure       why it failed (usually a {@link HttpClientException})
     * @param durationNanos from the start of the call to the failure, retries and redirects included
     */
    default void callFailed(String host, HttpMethod method, Throwable failure, long durationNanos) {
    }

    /** The client created the pool of a host; {@code pool} may be read from any thread until it is removed. */
    default void poolCreated(PoolView pool) {
    }

    /** The client dropped the pool of a host (expired, or the client closed); stop reading {@code pool}. */
    default void poolRemoved(PoolView pool) {
    }
}
