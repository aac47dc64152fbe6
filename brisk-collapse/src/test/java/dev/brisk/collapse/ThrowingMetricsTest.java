package dev.brisk.collapse;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Metrics that throw from every method never change what callers get, nor the collapser's own counters. */
class ThrowingMetricsTest {

    /** Throws from every callback and counts the calls. */
    static final class ThrowingMetrics implements CollapseMetrics {
        final AtomicInteger calls = new AtomicInteger();

        private void fail() {
            calls.incrementAndGet();
            throw new IllegalStateException("metrics backend down");
        }

        @Override
        public void bind(Supplier<CollapseStats> stats) {
            fail();
        }

        @Override
        public void executed(int keys, int callers) {
            fail();
        }

        @Override
        public void waited(long nanos) {
            fail();
        }
    }

    @Test
    void singleFlightCallersGetTheirValue() throws Exception {
        ThrowingMetrics metrics = new ThrowingMetrics();
        SingleFlight<String, String> flight = SingleFlight.create(SingleFlightOptions.builder().metrics(metrics).build());
        CompletableFuture<String> gate = new CompletableFuture<>();
        CompletableFuture<String> first = flight.execute("k", () -> gate).toCompletableFuture();
        CompletableFuture<String> second = flight.execute("k", () -> gate).toCompletableFuture();
        gate.complete("v");
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("v");
        assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo("v");
        assertThat(metrics.calls).as("bind and executed were called and threw").hasValueGreaterThanOrEqualTo(2);
        assertThat(flight.stats().executions()).isEqualTo(1);
    }

    @Test
    void batchCallersGetTheirValues() throws Exception {
        ThrowingMetrics metrics = new ThrowingMetrics();
        BatchCollapser<Integer, String> batch = BatchCollapser.<Integer, String>builder(
                        (List<Integer> keys) -> CompletableFuture.completedFuture(
                                keys.stream().collect(Collectors.toMap(k -> k, k -> "v" + k))))
                .maxBatchSize(2).metrics(metrics).build();
        CompletableFuture<String> one = batch.submit(1);
        CompletableFuture<String> two = batch.submit(2);
        assertThat(one.get(5, TimeUnit.SECONDS)).isEqualTo("v1");
        assertThat(two.get(5, TimeUnit.SECONDS)).isEqualTo("v2");
        assertThat(metrics.calls).hasValueGreaterThanOrEqualTo(2);
    }
}
