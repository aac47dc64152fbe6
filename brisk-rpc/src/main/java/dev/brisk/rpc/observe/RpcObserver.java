package dev.brisk.rpc.observe;

/**
 * Hears what happens on RPC clients and servers: calls that end, providers that change state, clients and servers
 * that start and stop (with a view of their live counts, for gauges). Every method does nothing by default; override
 * those of interest.
 *
 * <pre>{@code
 * RpcClient client = RpcClient.builder().addresses("10.0.0.1:9000").observer(new RpcObserver() {
 *     public void clientCallEnded(ClientCallEnded call) {
 *         if (call.outcome() == RpcOutcome.FAILURE) {
 *             log.warn("{}.{} failed on {}: {}", call.service(), call.method(), call.provider(), call.errorType());
 *         }
 *     }
 * }).build();
 * }</pre>
 *
 * <p>Calls end on the client's and the server's event loop and worker threads: an observer must be thread-safe and
 * quick, and must not block. An exception it throws is dropped (the call is not affected). With no observer installed
 * a call pays one null check; one observer may serve several clients and servers.
 */
public interface RpcObserver {

    /** A client was built: {@code client} reads its live counts until it closes. */
    default void clientOpened(RpcClientView client) {
    }

    /** A client closed (its providers have left first). */
    default void clientClosed(RpcClientView client) {
    }

    /** A server started listening: {@code server} reads its live counts until it stops. */
    default void serverStarted(RpcServerView server) {
    }

    /** A server stopped. */
    default void serverStopped(RpcServerView server) {
    }

    /** A client's call ended, after all its attempts. */
    default void clientCallEnded(ClientCallEnded call) {
    }

    /** A server answered a call it admitted. */
    default void serverCallEnded(ServerCallEnded call) {
    }

    /** A provider of a service joined, left, was ejected or restored on a client. */
    default void providerChanged(ProviderChange change) {
    }
}
