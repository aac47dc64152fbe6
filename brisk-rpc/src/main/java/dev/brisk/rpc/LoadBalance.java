package dev.brisk.rpc;

/** How the client picks a provider (and a connection of it) for a call. */
public enum LoadBalance {
    /** Providers in turn. */
    ROUND_ROBIN,
    /** The ready connection with the fewest calls awaiting an answer. */
    LEAST_IN_FLIGHT,
    /**
     * The same provider for the same key: the argument marked {@link HashKey} (the first argument when none is),
     * placed on a ring of the providers; when that provider is unusable the next one on the ring takes over.
     */
    CONSISTENT_HASH
}
