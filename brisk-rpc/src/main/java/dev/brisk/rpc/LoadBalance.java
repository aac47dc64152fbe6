package dev.brisk.rpc;

/**
 * How the client picks a provider (and a connection of it) for a call. Whatever the policy, providers ejected as
 * outliers get no calls but their probes ({@link RpcClientOptions#outlierFailures()}).
 */
public enum LoadBalance {
    /**
     * The less loaded of two providers drawn at random in proportion to their weights (the power of two choices):
     * fewer calls awaiting an answer, weighed by their average answer times when those differ markedly; equal loads
     * are decided at random, in proportion to the weights. A provider that joined or came back a moment ago takes a
     * growing share over the {@link RpcClientOptions#warmUp() warm-up}. A provider that stops answering collects
     * unanswered calls and so stops being chosen at once, long before its calls time out. The default.
     */
    LEAST_LOADED,
    /** Providers in turn, in proportion to their weights when those differ (smooth weighted round robin). */
    ROUND_ROBIN,
    /** The ready connection with the fewest calls awaiting an answer. */
    LEAST_IN_FLIGHT,
    /**
     * The same provider for the same key: the argument marked {@link HashKey} (the first argument when none is),
     * placed on a ring of the providers; when that provider is unusable the next one on the ring takes over.
     */
    CONSISTENT_HASH
}
