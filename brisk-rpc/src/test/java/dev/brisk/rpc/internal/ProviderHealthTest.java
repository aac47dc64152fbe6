package dev.brisk.rpc.internal;

import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcClientOptions;
import dev.brisk.rpc.RpcTimeoutException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Ejection, probes and warm-up of one provider, on a clock the test moves. */
class ProviderHealthTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final RpcClientOptions options = RpcClientOptions.builder().outlierFailures(3)
            .ejectionTime(Duration.ofSeconds(1)).maxEjectionTime(Duration.ofSeconds(4)).warmUp(Duration.ofSeconds(10))
            .build();
    private final ProviderHealth health = new ProviderHealth(options);
    private final long t0 = System.nanoTime();

    @Test
    void consecutiveFailuresThatSaySomethingAboutTheProviderAskForEjection() {
        Object call = new Object();
        assertThat(health.record(call, new RpcTimeoutException("t"), SECOND, t0)).isFalse();
        assertThat(health.record(call, new OverloadedException("o"), 1000, t0)).isFalse();
        assertThat(health.record(call, new IllegalStateException("thrown by the service"), 1000, t0)).isFalse();
        assertThat(health.record(call, new RpcTimeoutException("t"), SECOND, t0)).isFalse();
        assertThat(health.record(call, new RpcTimeoutException("t"), SECOND, t0)).isFalse();
        assertThat(health.record(call, new OverloadedException("o"), 1000, t0)).isTrue();
        assertThat(health.record(call, new NotSentException("never sent"), 1000, t0)).isFalse();
    }

    @Test
    void anEjectedProviderTakesOneProbeAtATimeWhoseAnswerBringsItBack() {
        Object before = new Object();
        Object probe = new Object();
        Object other = new Object();
        assertThat(health.eject(t0)).as("it was taking calls").isTrue();
        assertThat(health.admits()).isFalse();
        assertThat(health.claimProbe(probe, t0 + SECOND / 2)).as("not before its time").isFalse();
        assertThat(health.claimProbe(probe, t0 + SECOND)).isTrue();
        assertThat(health.claimProbe(other, t0 + SECOND)).as("one probe at a time").isFalse();
        assertThat(health.probing(probe)).isTrue();
        assertThat(health.probing(other)).isFalse();
        health.record(before, null, 1000, t0 + SECOND);
        assertThat(health.admits()).as("an answer to a call sent before the ejection decides nothing").isFalse();
        assertThat(health.restorations()).isZero();
        health.record(probe, null, 1000, t0 + SECOND);
        assertThat(health.admits()).isTrue();
        assertThat(health.restorations()).isEqualTo(1);
        assertThat(health.probing(probe)).isFalse();
        assertThat(health.warmUpShare(t0 + SECOND)).as("it warms up again").isEqualTo(0.1);
    }

    @Test
    void aFailedProbeEjectsForTwiceAsLongUpToTheLongestEjection() {
        Object probe = new Object();
        health.eject(t0);
        long now = t0 + SECOND;
        for (long expected : new long[] {2, 4, 4}) {
            assertThat(health.claimProbe(probe, now)).isTrue();
            health.record(probe, new RpcTimeoutException("t"), SECOND, now);
            assertThat(health.claimProbe(probe, now + expected * SECOND - 1)).isFalse();
            now += expected * SECOND;
        }
        assertThat(health.claimProbe(probe, now)).isTrue();
    }

    @Test
    void anUnusedProbeIsGivenBack() {
        Object probe = new Object();
        health.eject(t0);
        assertThat(health.claimProbe(probe, t0 + SECOND)).isTrue();
        health.release(probe);
        assertThat(health.claimProbe(new Object(), t0 + SECOND)).isTrue();
        assertThat(health.eject(t0 + SECOND)).as("being probed: no new ejection").isFalse();
    }

    @Test
    void warmUpGrowsFromATenthToTheWholeShare() {
        health.warmUp(t0);
        assertThat(health.warmUpShare(t0)).isEqualTo(0.1);
        assertThat(health.warmUpShare(t0 + 5 * SECOND)).isEqualTo(0.5);
        assertThat(health.warmUpShare(t0 + 10 * SECOND)).isEqualTo(1);
        ProviderHealth none = new ProviderHealth(options.toBuilder().warmUp(Duration.ZERO).build());
        none.warmUp(t0);
        assertThat(none.warmUpShare(t0)).isEqualTo(1);
    }

    @Test
    void oneSlowAnswerBarelyMovesTheAverageButATimeoutCountsWhole() {
        Object call = new Object();
        for (int i = 0; i < 10; i++) {
            health.record(call, null, 1_000_000, t0);
        }
        health.record(call, null, 100_000_000, t0);
        assertThat(health.latency(t0)).isLessThan(1_500_000);
        health.record(call, new RpcTimeoutException("t"), 5 * SECOND, t0);
        assertThat(health.latency(t0)).isGreaterThan(SECOND / 2);
        assertThat(health.latency(t0 + SECOND)).as("forgotten once stale").isEqualTo(-1);
    }
}
