package dev.brisk.rpc.internal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The power of two choices: two distinct providers drawn at random in proportion to their weights, and the call goes
 * to the less loaded of them. Load is the calls awaiting an answer; when their answer times (the average, or the time
 * a provider has owed an answer when longer) differ more than fourfold, the longer one counts against its provider
 * (calls times answer time). Equal loads are decided by a coin
 * weighted like the draw. A provider warming up (joined or came back a moment ago) loses to the other with the share
 * of the warm-up still ahead of it. No lock, and no counter every caller writes.
 */
final class LeastLoaded extends Balancer {

    /**
     * Answer times within this factor of each other count as the same: below it, differences are noise (or a cache
     * warmed by more calls) and following them would send everything to one provider.
     */
    private static final double SAME_LATENCY = 4;

    @Override
    ClientConnection choose(List<ProviderPool> providers, MethodModel method, Object[] arguments,
                            Set<ProviderPool> tried) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        ProviderPool first = null;
        ProviderPool second = null;
        double firstKey = Double.MAX_VALUE;
        double secondKey = Double.MAX_VALUE;
        for (ProviderPool pool : providers) {
            if (tried.contains(pool) || !pool.health().admits() || !pool.connected()) {
                continue;
            }
            // exponential keys: the two smallest are a draw without replacement weighted by the weights
            double key = -Math.log(1 - random.nextDouble()) / pool.weight();
            if (key < firstKey) {
                second = first;
                secondKey = firstKey;
                first = pool;
                firstKey = key;
            } else if (key < secondKey) {
                second = pool;
                secondKey = key;
            }
        }
        if (first == null) {
            return null;
        }
        if (second == null) {
            return first.leastLoaded();
        }
        long now = System.nanoTime();
        ProviderPool chosen = lessLoaded(first, second, now, random);
        ProviderPool other = chosen == first ? second : first;
        if (random.nextDouble() * other.health().warmUpShare(now) > chosen.health().warmUpShare(now)) {
            chosen = other;
            other = chosen == first ? second : first;
        }
        ClientConnection connection = chosen.leastLoaded();
        return connection != null ? connection : other.leastLoaded();
    }

    private static ProviderPool lessLoaded(ProviderPool a, ProviderPool b, long now, ThreadLocalRandom random) {
        int loadA = a.inFlight() + 1;
        int loadB = b.inFlight() + 1;
        double latencyA = a.latency(now);
        double latencyB = b.latency(now);
        if (latencyA < 0) {
            latencyA = latencyB;
        } else if (latencyB < 0) {
            latencyB = latencyA;
        }
        if (latencyA < 0 || latencyA <= latencyB * SAME_LATENCY && latencyB <= latencyA * SAME_LATENCY) {
            if (loadA != loadB) {
                return loadA < loadB ? a : b;
            }
        } else {
            double costA = loadA * latencyA;
            double costB = loadB * latencyB;
            if (costA != costB) {
                return costA < costB ? a : b;
            }
        }
        return random.nextLong((long) a.weight() + b.weight()) < a.weight() ? a : b;
    }
}
