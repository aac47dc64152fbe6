package dev.brisk.rpc.internal;

import dev.brisk.rpc.observe.ProviderChange;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Decides, for the providers of one service, which are outliers to eject: a provider that failed often enough in a
 * row (see {@link ProviderHealth}), or whose average answer time, made of ten answers at least, is at least ten times
 * its peers' median and 50 ms more. Never more than the allowed share of the providers is ejected, and always one
 * provider stays.
 */
final class OutlierDetector {

    private static final double LATENCY_FACTOR = 10;
    private static final long LATENCY_MARGIN_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final int LATENCY_SAMPLES = 10;

    private final boolean enabled;
    private final int maxEjectedPercent;
    /** The service whose providers it watches, and who hears of ejections and restorations (null: none). */
    private final String service;
    private final Observers observer;

    OutlierDetector(boolean enabled, int maxEjectedPercent, String service, Observers observer) {
        this.enabled = enabled;
        this.maxEjectedPercent = maxEjectedPercent;
        this.service = service;
        this.observer = observer;
    }

    /**
     * Records what {@code call} to {@code pool} came to after {@code elapsedNanos} ({@code failure} is {@code null}
     * for a result) and ejects the provider when that makes it an outlier among {@code providers}.
     */
    void record(List<ProviderPool> providers, ProviderPool pool, Object call, Throwable failure, long elapsedNanos) {
        long now = System.nanoTime();
        // only the probe of an ejected provider restores it: the one call whose outcome is watched for that
        boolean probe = observer != null && pool.health().probing(call);
        int restorations = probe ? pool.health().restorations() : 0;
        boolean failedOften = pool.health().record(call, failure, elapsedNanos, now);
        if (probe && pool.health().restorations() != restorations) {
            observer.providerChanged(new ProviderChange(service, pool.address(), ProviderChange.Kind.RESTORED));
        }
        if (enabled && (failedOften || slow(providers, pool, now))) {
            eject(providers, pool, now);
        }
    }

    private static boolean slow(List<ProviderPool> providers, ProviderPool pool, long now) {
        double latency = pool.health().latency(now);
        if (latency < LATENCY_MARGIN_NANOS || pool.health().samples() < LATENCY_SAMPLES || !pool.health().admits()) {
            return false;
        }
        double[] peers = new double[providers.size()];
        int count = 0;
        for (ProviderPool peer : providers) {
            double peerLatency = peer.health().latency(now);
            if (peer != pool && peerLatency >= 0 && peer.health().admits()) {
                peers[count++] = peerLatency;
            }
        }
        if (count == 0) {
            return false;
        }
        Arrays.sort(peers, 0, count);
        double median = count % 2 == 1 ? peers[count / 2] : (peers[count / 2 - 1] + peers[count / 2]) / 2;
        return latency >= median * LATENCY_FACTOR && latency - median >= LATENCY_MARGIN_NANOS;
    }

    private synchronized void eject(List<ProviderPool> providers, ProviderPool pool, long now) {
        if (!pool.health().admits()) {
            return;
        }
        int ejected = 0;
        for (ProviderPool peer : providers) {
            if (peer.health().ejected()) {
                ejected++;
            }
        }
        int size = providers.size();
        int allowed = Math.min(size - 1, size * maxEjectedPercent / 100);
        if (ejected < allowed && pool.health().eject(now) && observer != null) {
            observer.providerChanged(new ProviderChange(service, pool.address(), ProviderChange.Kind.EJECTED));
        }
    }
}
