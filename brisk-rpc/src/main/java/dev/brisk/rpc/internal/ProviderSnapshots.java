package dev.brisk.rpc.internal;

import dev.brisk.rpc.ProviderState;
import dev.brisk.rpc.ProviderStatus;
import dev.brisk.rpc.ServiceStatus;
import dev.brisk.rpc.spi.ProviderInfo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Takes the operator's snapshot of a cluster: reads the volatile state of its pools, connections and health without
 * taking any lock the calls take, so a snapshot costs the calls nothing; its parts may be a moment apart.
 */
final class ProviderSnapshots {

    private ProviderSnapshots() {
    }

    static ServiceStatus of(Cluster cluster) {
        List<ProviderPool> pools = cluster.providers();
        List<ProviderStatus> providers = new ArrayList<>(pools.size());
        for (ProviderPool pool : pools) {
            providers.add(of(pool, cluster.described(pool)));
        }
        return new ServiceStatus(cluster.service(), providers);
    }

    private static ProviderStatus of(ProviderPool pool, ProviderInfo info) {
        ProviderHealth health = pool.health();
        double average = health.averageNanos();
        Optional<Duration> answerTime = average < 0 ? Optional.empty() : Optional.of(Duration.ofNanos((long) average));
        return new ProviderStatus(pool.address(), info == null ? "" : info.version(),
                info == null ? pool.weight() : info.weight(), state(pool), pool.readyConnections(),
                pool.connections().size(), pool.inFlight(), answerTime, health.ejectionsTotal());
    }

    private static ProviderState state(ProviderPool pool) {
        ProviderHealth health = pool.health();
        if (health.offline()) {
            return ProviderState.OFFLINE;
        }
        if (health.probing()) {
            return ProviderState.PROBING;
        }
        if (health.ejected()) {
            return ProviderState.EJECTED;
        }
        if (pool.readyConnections() > 0) {
            return ProviderState.READY;
        }
        if (pool.refusal() != null) {
            return ProviderState.REFUSED;
        }
        for (ClientConnection connection : pool.connections()) {
            if (connection.state() == ClientConnection.State.CONNECTING) {
                return ProviderState.CONNECTING;
            }
        }
        return ProviderState.DRAINING;
    }
}
