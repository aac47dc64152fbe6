package dev.brisk.rpc;

/** Where an {@link RpcServer} is in its life, as {@link RpcServer#state()} tells it. */
public enum ServerState {
    /** Registered with its registry (if it has one) and answering calls. */
    SERVING,
    /**
     * Unregistered by {@link RpcServer#offline()}: consumers stop choosing it once their registry view updates, and it
     * still answers every call that reaches it, on the same port and connections.
     */
    OFFLINE,
    /** {@link RpcServer#close()} has begun: unregistered, new calls refused, calls in flight draining. */
    SHUTTING_DOWN,
    /** Closed: the port and the threads are released. */
    CLOSED
}
