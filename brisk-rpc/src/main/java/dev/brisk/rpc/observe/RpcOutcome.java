package dev.brisk.rpc.observe;

/** How a call ended, as the caller sees it. */
public enum RpcOutcome {
    /** The service answered with a result (a one-way call: it was sent, or run). */
    SUCCESS,
    /** The service method threw, or failed its future: an answer from the service, not a failure to reach it. */
    SERVICE_ERROR,
    /**
     * The call got no answer from the service method: no provider, a timeout, a lost connection, a refusal (overload,
     * shutting down, unknown method, a type not allowed), or a frame too large.
     */
    FAILURE
}
