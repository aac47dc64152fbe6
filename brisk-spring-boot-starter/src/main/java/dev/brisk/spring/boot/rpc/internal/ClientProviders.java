package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.StaticRegistry;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the application's {@code RpcClient} learns providers — the fixed {@code brisk.rpc.client.addresses}, else the
 * application's registry — seen through a registry that remembers the last set each subscribed service was told,
 * which is what the client works with: the health indicator reports it per referenced service.
 */
public final class ClientProviders implements AutoCloseable {

    private final Registry source;
    private final String description;
    private final boolean owned;
    private final Map<String, List<ProviderInfo>> known = new ConcurrentHashMap<>();
    private final Registry observed;

    private ClientProviders(Registry source, String description, boolean owned) {
        this.source = source;
        this.description = description;
        this.owned = owned;
        this.observed = source == null ? null : new Observed();
    }

    /** The fixed providers {@code addresses} of every service. */
    public static ClientProviders of(String addresses) {
        return new ClientProviders(StaticRegistry.of(addresses), "addresses " + addresses, true);
    }

    /** The providers {@code registry} (the application's) tells. */
    public static ClientProviders of(Registry registry) {
        return new ClientProviders(Objects.requireNonNull(registry, "registry"), registry.getClass().getSimpleName(),
                false);
    }

    /** No source: the application has neither addresses nor a registry. */
    public static ClientProviders none() {
        return new ClientProviders(null, "none", false);
    }

    /** The registry the client subscribes through; fails when there is no source. */
    public Registry registry() {
        if (observed == null) {
            throw new IllegalStateException("The RPC client has no providers: set brisk.rpc.client.addresses"
                    + " (host:port,...) or brisk.rpc.registry.zookeeper.connect-string, or declare a"
                    + " dev.brisk.rpc.spi.Registry bean");
        }
        return observed;
    }

    /** What the providers come from: {@code addresses ...} or the registry's type. */
    public String description() {
        return description;
    }

    /** The last providers told of each service the client subscribed to, by service name. */
    public Map<String, List<ProviderInfo>> known() {
        return new TreeMap<>(known);
    }

    /** Closes the source when it is the starter's own (the addresses). */
    @Override
    public void close() {
        if (owned) {
            source.close();
        }
    }

    /** The source, remembering what it tells. */
    private final class Observed implements Registry {

        @Override
        public void register(ProviderInfo provider) {
            source.register(provider);
        }

        @Override
        public void unregister(ProviderInfo provider) {
            source.unregister(provider);
        }

        @Override
        public Subscription subscribe(String service, ProviderListener listener) {
            known.putIfAbsent(service, List.of());
            Subscription subscription = source.subscribe(service, providers -> {
                known.put(service, List.copyOf(providers));
                listener.providersChanged(providers);
            });
            return () -> {
                subscription.close();
                known.remove(service);
            };
        }

        /** The client closes nothing it did not make: the source is closed by its owner. */
        @Override
        public void close() {
        }
    }
}
