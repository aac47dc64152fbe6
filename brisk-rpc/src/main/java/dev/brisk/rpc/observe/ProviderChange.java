package dev.brisk.rpc.observe;

/**
 * A provider of a service changed state on a client.
 *
 * @param service  the service's name
 * @param provider the provider's {@code host:port}
 * @param kind     what happened
 */
public record ProviderChange(String service, String provider, Kind kind) {

    /** What happened to a provider. */
    public enum Kind {
        /** The registry reported it: the client connects to it. */
        JOINED,
        /** The registry no longer reports it (or the client closed): the client stops calling it. */
        LEFT,
        /** Outlier detection took it out of rotation: it failed too often in a row, or answered far slower than its peers. */
        EJECTED,
        /** Its probe call after an ejection succeeded: it takes calls again. */
        RESTORED
    }
}
