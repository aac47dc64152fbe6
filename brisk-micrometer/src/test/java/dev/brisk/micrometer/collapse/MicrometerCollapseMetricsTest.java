package dev.brisk.micrometer.collapse;

import dev.brisk.collapse.BatchCollapser;
import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.SingleFlightOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** The Micrometer meters follow what the collapsers do. */
class MicrometerCollapseMetricsTest {

    @Test
    void batchesCallersWaitsAndGaugesAreReported() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys -> {
            Map<Integer, String> values = new HashMap<>();
            keys.forEach(k -> values.put(k, "v" + k));
            return CompletableFuture.completedFuture(values);
        }).metrics(MicrometerCollapseMetrics.of(registry, "users")).build()) {
            assertThat(collapser.submit(1).join()).isEqualTo("v1");
            assertThat(collapser.submit(2).join()).isEqualTo("v2");
        }

        assertThat(registry.get("brisk.collapse.executions").tag("collapser", "users").summary().count()).isEqualTo(2);
        assertThat(registry.get("brisk.collapse.callers").summary().totalAmount()).isEqualTo(2);
        assertThat(registry.get("brisk.collapse.wait").timer().count()).isEqualTo(2);
        assertThat(registry.get("brisk.collapse.queue.depth").gauge().value()).isZero();
    }

    @Test
    void singleFlightCollapseFactorAndCancellationsAreReported() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SingleFlight<String, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .metrics(MicrometerCollapseMetrics.of(registry, "quotes")).build());
        CompletableFuture<String> backend = new CompletableFuture<>();
        CompletableFuture<String> a = flight.execute("k", () -> backend);
        CompletableFuture<String> b = flight.execute("k", () -> backend);
        CompletableFuture<String> c = flight.execute("k", () -> backend);
        assertThat(registry.get("brisk.collapse.in.flight").gauge().value()).isEqualTo(1);
        c.cancel(false);

        backend.complete("v");

        assertThat(a.join()).isEqualTo(b.join());
        assertThat(registry.get("brisk.collapse.callers").summary().mean()).isEqualTo(3);
        assertThat(registry.get("brisk.collapse.cancelled").counter().count()).isEqualTo(1);
    }

    @Test
    void theGaugesFollowTheCollapserAfterGarbageCollections() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SingleFlight<String, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .metrics(MicrometerCollapseMetrics.of(registry, "held")).build());
        flight.execute("k", CompletableFuture::new);
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
        }
        // the registry holds gauges weakly: the collapser's statistics must be held by the gauge itself
        assertThat(registry.get("brisk.collapse.in.flight").tag("collapser", "held").gauge().value()).isEqualTo(1);
        assertThat(registry.get("brisk.collapse.queue.depth").tag("collapser", "held").gauge().value()).isZero();
        assertThat(flight.inFlight()).isEqualTo(1);
    }
}
