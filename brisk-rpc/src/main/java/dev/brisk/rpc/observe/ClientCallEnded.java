package dev.brisk.rpc.observe;

/**
 * A call made through an {@code RpcClient} has ended: answered, failed or timed out, across all its attempts.
 *
 * @param service      the service's name (its interface's, or its {@code @RpcService} name)
 * @param method       the Java method's name
 * @param provider     {@code host:port} of the provider that answered or last failed; empty when none was reached
 * @param outcome      how the call ended
 * @param errorType    the fully qualified class name of the exception the caller got; empty on success
 * @param elapsedNanos from the start of the call to its end, retries and waits for a ready provider included
 * @param attempts     how many times it was handed to a provider's connection: more than one when it was retried or
 *                     failed over; 0 when it never was (no provider, or its deadline had passed)
 */
public record ClientCallEnded(String service, String method, String provider, RpcOutcome outcome, String errorType,
                              long elapsedNanos, int attempts) {

    /** Whether the call was sent to more than one provider (retried after a failure, or failed over). */
    public boolean retried() {
        return attempts > 1;
    }
}
