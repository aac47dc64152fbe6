package dev.brisk.benchmarks.rpc;

/**
 * One RPC implementation under test: serves a {@link UserService} on a port, and connects to such a server as a
 * {@link UserService} that blocking callers share.
 */
public interface RpcPeer {

    /**
     * Starts a server for {@code service} on {@code port} of every interface ({@code 0}: a free port) and returns once
     * it accepts connections.
     */
    Running serve(int port, UserService service) throws Exception;

    /** Connects to the server on {@code host:port}; the returned service is called by many threads at once. */
    Connected connect(String host, int port) throws Exception;

    /** A started server. */
    interface Running extends AutoCloseable {

        /** The port the server listens on. */
        int port();
    }

    /** A client connected to a server. */
    interface Connected extends AutoCloseable {

        /** The remote service; safe to call from many threads. */
        UserService service();
    }
}
