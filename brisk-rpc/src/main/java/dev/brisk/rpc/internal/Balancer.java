package dev.brisk.rpc.internal;

import dev.brisk.rpc.LoadBalance;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Picks a ready connection for a call among the providers not yet tried; {@code null} when there is none. Whatever
 * the policy, an ejected provider whose ejection is over gets the next call that may probe it, and no other until
 * that probe is answered; other ejected providers get none.
 */
abstract class Balancer {

    /**
     * A connection for {@code call}: the probe of an ejected provider when one is due and the call can be a probe
     * (it awaits an answer), otherwise the policy's pick among the providers that take calls.
     */
    final ClientConnection select(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                                  Set<ProviderPool> tried, Object call) {
        if (!method.oneWay()) {
            ClientConnection probe = probe(providers, tried, call);
            if (probe != null) {
                return probe;
            }
        }
        return choose(providers, method, arguments, tried);
    }

    /**
     * A ready connection of any provider not yet tried, ejected or not: what a call takes when no provider that
     * takes calls can (better an outlier than no answer); {@code null} when none is ready.
     */
    static ClientConnection anyReady(List<ProviderPool> providers, Set<ProviderPool> tried) {
        int size = providers.size();
        int start = size == 0 ? 0 : ThreadLocalRandom.current().nextInt(size);
        for (int i = 0; i < size; i++) {
            ProviderPool pool = providers.get((start + i) % size);
            if (!tried.contains(pool)) {
                ClientConnection connection = pool.ready();
                if (connection != null) {
                    return connection;
                }
            }
        }
        return null;
    }

    private static ClientConnection probe(List<ProviderPool> providers, Set<ProviderPool> tried, Object call) {
        long now = 0;
        for (ProviderPool pool : providers) {
            if (pool.health().admits() || tried.contains(pool)) {
                continue;
            }
            ClientConnection connection = pool.ready();
            if (connection == null) {
                continue;
            }
            if (now == 0) {
                now = System.nanoTime();
            }
            if (pool.health().claimProbe(call, now)) {
                return connection;
            }
        }
        return null;
    }

    /** The policy's pick among the providers not yet tried that take calls (not ejected). */
    abstract ClientConnection choose(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                                     Set<ProviderPool> tried);

    static Balancer of(LoadBalance loadBalance) {
        return switch (loadBalance) {
            case LEAST_LOADED -> new LeastLoaded();
            case ROUND_ROBIN -> new RoundRobin();
            case LEAST_IN_FLIGHT -> new LeastInFlight();
            case CONSISTENT_HASH -> new ConsistentHash();
        };
    }

    /**
     * Providers in turn, skipping unusable ones; when their weights differ, in proportion to them, spread evenly
     * (smooth weighted round robin: weights 3 and 1 give a, a, b, a, ...).
     */
    static final class RoundRobin extends Balancer {

        private final AtomicInteger next = new AtomicInteger();

        @Override
        ClientConnection choose(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                                Set<ProviderPool> tried) {
            if (weighted(providers)) {
                return selectWeighted(providers, tried);
            }
            int size = providers.size();
            int start = next.getAndIncrement();
            for (int i = 0; i < size; i++) {
                ProviderPool pool = providers.get(Math.floorMod(start + i, size));
                if (!tried.contains(pool)) {
                    ClientConnection connection = pool.pick();
                    if (connection != null) {
                        return connection;
                    }
                }
            }
            return null;
        }

        private static boolean weighted(List<ProviderPool> providers) {
            for (int i = 1; i < providers.size(); i++) {
                if (providers.get(i).weight() != providers.get(0).weight()) {
                    return true;
                }
            }
            return false;
        }

        private synchronized ClientConnection selectWeighted(List<ProviderPool> providers, Set<ProviderPool> tried) {
            ProviderPool best = null;
            ClientConnection bestConnection = null;
            int total = 0;
            for (ProviderPool pool : providers) {
                if (tried.contains(pool)) {
                    continue;
                }
                ClientConnection connection = pool.pick();
                if (connection == null) {
                    continue;
                }
                pool.currentWeight += pool.weight();
                total += pool.weight();
                if (best == null || pool.currentWeight > best.currentWeight) {
                    best = pool;
                    bestConnection = connection;
                }
            }
            if (best != null) {
                best.currentWeight -= total;
            }
            return bestConnection;
        }
    }

    /** The ready connection with the fewest calls awaiting an answer. */
    static final class LeastInFlight extends Balancer {

        @Override
        ClientConnection choose(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                                Set<ProviderPool> tried) {
            ClientConnection best = null;
            int bestLoad = Integer.MAX_VALUE;
            for (ProviderPool pool : providers) {
                if (tried.contains(pool) || !pool.health().admits()) {
                    continue;
                }
                for (ClientConnection connection : pool.connections()) {
                    if (connection.state() == ClientConnection.State.READY && connection.inFlight() < bestLoad) {
                        best = connection;
                        bestLoad = connection.inFlight();
                    }
                }
            }
            return best;
        }
    }

    /**
     * A ring of 128 points per provider; the key's hash finds the first usable provider clockwise. A ring is kept per
     * set of providers (the methods a mixed fleet serves differently have sets of their own), the last used at hand.
     */
    static final class ConsistentHash extends Balancer {

        private static final int POINTS = 128;
        /** Rings kept at most; all are dropped when one more is needed (sets replaced as providers come and go). */
        private static final int MAX_RINGS = 64;

        private volatile Ring ring = new Ring(List.of(), new TreeMap<>());
        private final Map<List<ProviderPool>, Ring> rings = new ConcurrentHashMap<>();

        private record Ring(List<ProviderPool> providers, TreeMap<Integer, ProviderPool> points) {
        }

        @Override
        ClientConnection choose(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                                Set<ProviderPool> tried) {
            if (providers.isEmpty()) {
                return null;
            }
            Ring current = ring;
            if (current.providers != providers) {
                current = rings.get(providers);
                if (current == null) {
                    TreeMap<Integer, ProviderPool> points = new TreeMap<>();
                    for (ProviderPool pool : providers) {
                        for (int i = 0; i < POINTS; i++) {
                            points.put(mix((pool.address() + '#' + i).hashCode()), pool);
                        }
                    }
                    current = new Ring(providers, points);
                    if (rings.size() >= MAX_RINGS) {
                        rings.clear();
                    }
                    rings.put(providers, current);
                }
                ring = current;
            }
            Object key = arguments.length == 0 ? null : arguments[method.hashKeyIndex()];
            int hash = mix(Objects.hashCode(key));
            for (Map.Entry<Integer, ProviderPool> entry : current.points.tailMap(hash, true).entrySet()) {
                ClientConnection connection = usable(entry.getValue(), tried);
                if (connection != null) {
                    return connection;
                }
            }
            for (Map.Entry<Integer, ProviderPool> entry : current.points.headMap(hash, false).entrySet()) {
                ClientConnection connection = usable(entry.getValue(), tried);
                if (connection != null) {
                    return connection;
                }
            }
            return null;
        }

        private static ClientConnection usable(ProviderPool pool, Set<ProviderPool> tried) {
            return tried.contains(pool) ? null : pool.pick();
        }

        private static int mix(int h) {
            h ^= h >>> 16;
            h *= 0x85ebca6b;
            h ^= h >>> 13;
            h *= 0xc2b2ae35;
            h ^= h >>> 16;
            return h;
        }
    }
}
