package dev.brisk.rpc.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;

import dev.brisk.rpc.RpcException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** The providers of one service as the registry last reported them, as connection pools. */
final class Cluster {

    private final String service;
    private final OutlierDetector outliers;
    private volatile List<ProviderPool> providers = List.of();
    private volatile List<ProviderInfo> reported = List.of();
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

    /** The providers as the registry last reported them, one per address, in the order of {@link #providers()}. */
    List<ProviderInfo> reported() {
        return reported;
    }

    void reported(List<ProviderInfo> reported) {
        this.reported = List.copyOf(reported);
    }

    /** Takes the set the registry reported; returns whether it is the first. */
    boolean providers(List<ProviderPool> providers) {
        this.providers = List.copyOf(providers);
        boolean first = !informed;
        informed = true;
        return first;
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

    /**
     * Whether a provider not yet tried may still become ready: it is connecting, or the registry has not reported the
     * service's providers yet.
     */
    boolean mayBecomeReady(Set<ProviderPool> tried) {
        if (!informed) {
            return true;
        }
        for (ProviderPool pool : providers) {
            if (!tried.contains(pool) && pool.connecting()) {
                return true;
            }
        }
        return false;
    }
}
