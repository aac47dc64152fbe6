package dev.brisk.rpc.spi;

import java.util.List;

/**
 * Where servers announce the services they offer and clients learn who offers a service. A server registers each of
 * its services after it binds and unregisters them first when it closes; a client subscribes once per service and
 * keeps its connections in line with what the listener reports. Implementations are thread-safe; a
 * {@link dev.brisk.rpc.StaticRegistry} serves fixed address lists, other modules bring distributed ones.
 */
public interface Registry extends AutoCloseable {

    /** Announces {@code provider}; announcing the same provider again replaces it. */
    void register(ProviderInfo provider);

    /** Withdraws {@code provider}; nothing happens if it was not registered. */
    void unregister(ProviderInfo provider);

    /**
     * Tells {@code listener} the providers of {@code service} now (before returning or soon after, on any thread) and
     * whenever they change, each time the whole current set. Calls to one listener never overlap.
     */
    Subscription subscribe(String service, ProviderListener listener);

    /** Releases what the registry holds; registrations made through it may disappear. */
    @Override
    void close();

    /** Receives the providers of one service. */
    @FunctionalInterface
    interface ProviderListener {

        /** The complete current set of providers (possibly empty). */
        void providersChanged(List<ProviderInfo> providers);
    }

    /** Ends a subscription: its listener hears nothing more. */
    @FunctionalInterface
    interface Subscription extends AutoCloseable {

        @Override
        void close();
    }
}
