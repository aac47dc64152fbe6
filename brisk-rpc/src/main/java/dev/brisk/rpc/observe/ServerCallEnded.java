package dev.brisk.rpc.observe;

/**
 * A call an {@code RpcServer} admitted has been answered (or, one-way, has ended). Calls refused before they were
 * admitted (the server shutting down, an unknown method, a connection over its limit of calls in flight) are not
 * reported: they never reached a service.
 *
 * @param service      the service's name
 * @param method       the Java method's name
 * @param outcome      how the call ended
 * @param errorType    the fully qualified class name of the exception the service threw, or of the one the caller
 *                     gets for a call that did not run to its end ({@code dev.brisk.rpc.RpcTimeoutException},
 *                     {@code dev.brisk.rpc.OverloadedException}...); empty on success
 * @param elapsedNanos from the arrival of the request to its answer
 * @param queuedNanos  from the arrival of the request until a thread started it; negative when none did (its worker
 *                     queue was full)
 */
public record ServerCallEnded(String service, String method, RpcOutcome outcome, String errorType, long elapsedNanos,
                              long queuedNanos) {
}
