package dev.brisk.rpc.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;

import dev.brisk.rpc.RpcException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** The providers of one service as the registry last reported them, as connection pools. */
final class Cluster {

    private final String service;
    private final OutlierDetector outliers;
    private volatile List<ProviderPool> providers = List.of();
    private volatile Map<ProviderPool, ProviderInfo> described = Map.of();
    private volatile boolean informed;
    private volatile Registry.Subscription subscription;
    private final CompletableFuture<Void> subscribed = new CompletableFuture<>();

    Cluster(String service, OutlierDetector outliers) {
        this.service = service;
        this.outliers = outliers;
    }

    String service() {
        return service;
    }

    List<ProviderPool> providers() {
        return providers;
    }

    /** Takes the set the registry reported; returns whether it is the first. */
    boolean providers(List<ProviderPool> providers) {
        this.providers = List.copyOf(providers);
        boolean first = !informed;
        informed = true;
        return first;
    }

    /** What the registry says of {@code pool} (version, group...), {@code null} when it is not a provider of it. */
    ProviderInfo described(ProviderPool pool) {
        return described.get(pool);
    }

    /** Takes what the registry says of each provider; set before the {@link #providers(List) providers} themselves. */
    void described(Map<ProviderPool, ProviderInfo> described) {
        this.described = Map.copyOf(described);
    }

    /** Whether the registry has reported the service's providers yet. */
    boolean informed() {
        return informed;
    }

    /** Records the outcome of a call to {@code pool} and ejects it when that makes it an outlier. */
    void record(ProviderPool pool, Object call, Throwable failure, long elapsedNanos) {
        outliers.record(providers, pool, call, failure, elapsedNanos);
    }

    /** Providers with a ready connection, ejected or not. */
    int connectedProviders() {
        int connected = 0;
        for (ProviderPool pool : providers) {
            if (pool.connected()) {
                connected++;
            }
        }
        return connected;
    }

    /** Completes once the registry subscription is in place (exceptionally when subscribing failed). */
    CompletableFuture<Void> subscribed() {
        return subscribed;
    }

    void subscription(Registry.Subscription subscription) {
        this.subscription = subscription;
    }

    void unsubscribe() {
        Registry.Subscription s = subscription;
        if (s != null) {
            s.close();
        }
    }

    /**
     * Why no provider not yet tried will take the call: the refusal of their hellos (another serializer) when every
     * one of them refused this client; {@code null} otherwise.
     */
    RpcException refusal(Set<ProviderPool> tried) {
        RpcException refusal = null;
        for (ProviderPool pool : providers) {
            if (tried.contains(pool)) {
                continue;
            }
            refusal = pool.refusal();
            if (refusal == null) {
                return null;
            }
        }
        return refusal;
    }
}
