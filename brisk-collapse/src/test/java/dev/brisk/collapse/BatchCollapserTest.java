package dev.brisk.collapse;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import java.io.IOException;
import static dev.brisk.collapse.SingleFlightTest.cause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** BatchCollapser: batching policy, de-duplication, every caller's outcome, executor and queue limits. */
class BatchCollapserTest {

    /** A batch function whose calls the test completes by hand. */
    static final class ManualLoader implements BatchFunction<Integer, String> {
        final LinkedBlockingQueue<List<Integer>> calls = new LinkedBlockingQueue<>();
        final List<CompletableFuture<Map<Integer, String>>> stages = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Map<Integer, String>> load(List<Integer> keys) {
            CompletableFuture<Map<Integer, String>> stage = new CompletableFuture<>();
            stages.add(stage);
            threads.add(Thread.currentThread().getName());
            calls.add(keys);
            return stage;
        }

        List<Integer> next() throws InterruptedException {
            List<Integer> keys = calls.poll(10, TimeUnit.SECONDS);
            assertThat(keys).as("a batch call").isNotNull();
            return keys;
        }

        void answer(int call, List<Integer> keys) {
            Map<Integer, String> values = new HashMap<>();
            keys.forEach(key -> values.put(key, "v" + key));
            stages.get(call).complete(values);
        }
    }

    @Test
    void aLoneKeyIsDispatchedAtOnceOnTheExecutorNotTheCallersThread() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).build()) {
            CompletableFuture<String> value = collapser.submit(1);

            assertThat(loader.next()).containsExactly(1);
            assertThat(loader.threads.get(0)).startsWith("brisk-collapse-batch-");
            loader.answer(0, List.of(1));
            assertThat(value.get(5, TimeUnit.SECONDS)).isEqualTo("v1");
        }
    }

    @Test
    void keysQueuedWhileABatchRunsFormTheNextBatchWithoutDuplicates() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1)
                .build()) {
            CompletableFuture<String> first = collapser.submit(1);
            assertThat(loader.next()).containsExactly(1);
            List<CompletableFuture<String>> waiting = new ArrayList<>();
            for (int key : new int[] {5, 3, 5, 4, 3, 5}) {
                waiting.add(collapser.submit(key));
            }
            assertThat(loader.calls).isEmpty(); // the only slot is busy

            loader.answer(0, List.of(1));

            assertThat(loader.next()).containsExactly(5, 3, 4);
            loader.answer(1, List.of(5, 3, 4));
            assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("v1");
            assertThat(waiting).extracting(CompletableFuture::join)
                    .containsExactly("v5", "v3", "v5", "v4", "v3", "v5");
            CollapseStats stats = collapser.stats();
            assertThat(stats.executions()).isEqualTo(2);
            assertThat(stats.keys()).isEqualTo(4);
            assertThat(stats.served()).isEqualTo(7);
            assertThat(stats.batchSizes()).containsExactly(1L, 1L); // one batch of 1 key, one of 2-3 keys
        }
    }

    @Test
    void batchesHoldAtMostMaxBatchSizeDistinctKeysAndRunConcurrentlyUpToTheLimit() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxBatchSize(2)
                .maxConcurrentBatches(2).build()) {
            collapser.submit(0);
            loader.next();
            collapser.submit(0);
            loader.next();
            List<CompletableFuture<String>> queued = new ArrayList<>();
            for (int key = 1; key <= 5; key++) {
                queued.add(collapser.submit(key));
            }
            assertThat(loader.calls).isEmpty();

            loader.answer(0, List.of(0));
            List<Integer> third = loader.next();
            loader.answer(1, List.of(0));
            List<Integer> fourth = loader.next();
            assertThat(third).hasSize(2);
            assertThat(fourth).hasSize(2);
            loader.answer(2, third);
            loader.answer(3, fourth);
            List<Integer> fifth = loader.next();
            loader.answer(4, fifth);
            assertThat(queued).extracting(f -> f.get(5, TimeUnit.SECONDS))
                    .containsExactly("v1", "v2", "v3", "v4", "v5");
        }
    }

    @Test
    void aMissingKeyFailsOnlyItsOwnCallers() {
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys ->
                CompletableFuture.completedFuture(Map.of(1, "one"))).maxConcurrentBatches(1).build()) {
            CompletableFuture<String> one = collapser.submit(1);
            CompletableFuture<String> two = collapser.submit(2);

            assertThat(one.join()).isEqualTo("one");
            assertThat(cause(two)).isInstanceOf(MissingResultException.class)
                    .hasMessage("the batch result has no entry for key 2");
            assertThat(((MissingResultException) cause(two)).key()).isEqualTo(2);
        }
    }

    @Test
    void aFailingBatchFailsEachOfItsCallersAndNoOtherBatch() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1)
                .build()) {
            CompletableFuture<String> first = collapser.submit(1);
            loader.next();
            CompletableFuture<String> second = collapser.submit(2);
            CompletableFuture<String> third = collapser.submit(3);
            IllegalStateException down = new IllegalStateException("database down");

            loader.stages.get(0).completeExceptionally(down);

            assertThat(cause(first)).isSameAs(down);
            assertThat(loader.next()).containsExactly(2, 3);
            loader.answer(1, List.of(2, 3));
            assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo("v2");
            assertThat(third.get(5, TimeUnit.SECONDS)).isEqualTo("v3");
        }
    }

    @Test
    void aThrowingOrNullReturningFunctionFailsThatBatchOnly() {
        AtomicBoolean fail = new AtomicBoolean(true);
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys -> {
            if (fail.getAndSet(false)) {
                throw new IOException("no connection");
            }
            return CompletableFuture.completedFuture(Map.of(keys.get(0), "ok"));
        }).build()) {
            assertThat(cause(collapser.submit(1))).isInstanceOf(IOException.class).hasMessage("no connection");
            assertThat(collapser.submit(2).join()).isEqualTo("ok");
        }
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys -> null)
                .build()) {
            assertThat(cause(collapser.submit(1))).isInstanceOf(NullPointerException.class)
                    .hasMessageContaining("no CompletionStage");
        }
    }

    @Test
    void anExecutorThatRefusesFailsTheBatchWithATypedErrorAndTheCollapserRecovers() {
        AtomicBoolean refuse = new AtomicBoolean(true);
        Executor flaky = task -> {
            if (refuse.getAndSet(false)) {
                throw new RejectedExecutionException("pool saturated");
            }
            new Thread(task).start();
        };
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys ->
                CompletableFuture.completedFuture(Map.of(keys.get(0), "ok"))).executor(flaky).build()) {
            assertThat(cause(collapser.submit(1))).isInstanceOf(CollapseRejectedException.class)
                    .hasMessageContaining("pool saturated");
            assertThat(collapser.submit(2).join()).isEqualTo("ok");
            assertThat(collapser.stats().rejected()).isEqualTo(1);
        }
    }

    @Test
    void aFullQueueRefusesNewKeys() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1)
                .maxQueueSize(2).build()) {
            collapser.submit(1);
            loader.next();
            collapser.submit(2);
            collapser.submit(3);

            assertThat(cause(collapser.submit(4))).isInstanceOf(CollapseRejectedException.class)
                    .hasMessageContaining("maxQueueSize 2");
            assertThat(collapser.stats().queueDepth()).isEqualTo(2);
        }
    }

    @Test
    void callersTimeOutCancelAloneAndABatchWithoutCallersIsCancelled() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader)
                .timeout(Duration.ofMillis(50)).build()) {
            CompletableFuture<String> lonely = collapser.submit(1);
            assertThat(cause(lonely)).isInstanceOf(CollapseTimeoutException.class).hasMessageContaining("key 1");
            loader.next();
            assertThat(loader.stages.get(0)).isNotCancelled(); // a timeout leaves the call running
            CompletableFuture<String> cancelled = collapser.submit(2);
            loader.next();
            cancelled.cancel(false);
            // its last caller cancelled it (at once, or when the drain hands the collapser the stage it returned)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!loader.stages.get(1).isCancelled() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(loader.stages.get(1)).isCancelled();
        }
        ManualLoader second = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(second).maxConcurrentBatches(1)
                .build()) {
            collapser.submit(0);
            second.next();
            CompletableFuture<String> a = collapser.submit(1);
            CompletableFuture<String> b = collapser.submit(1);
            CompletableFuture<String> c = collapser.submit(2);
            a.cancel(true);
            second.answer(0, List.of(0));
            assertThat(second.next()).containsExactly(1, 2);
            second.answer(1, List.of(1, 2));
            assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo("v1");
            assertThat(c.get(5, TimeUnit.SECONDS)).isEqualTo("v2");
            assertThat(a).isCancelled();
            assertThat(collapser.stats().cancelled()).isEqualTo(1);
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aBatchWhoseCallersTimedOutKeepsItsSlotUntilItsCallEnds() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1)
                .timeout(Duration.ofMillis(50)).build()) {
            CompletableFuture<String> first = collapser.submit(1);
            assertThat(loader.next()).containsExactly(1);
            assertThat(cause(first)).isInstanceOf(CollapseTimeoutException.class);
            CompletableFuture<String> second = collapser.submit(2);
            // the backend still works on the first batch: the only slot stays taken
            assertThat(loader.calls.poll(200, TimeUnit.MILLISECONDS)).isNull();
            assertThat(cause(second)).isInstanceOf(CollapseTimeoutException.class);
            CompletableFuture<String> third = collapser.submit(3);
            loader.answer(0, List.of(1));
            assertThat(loader.next()).containsExactly(3); // the second caller left while queued: not asked for
            loader.answer(1, List.of(3));
            assertThat(third.get(5, TimeUnit.SECONDS)).isEqualTo("v3");
            assertThat(loader.stages).hasSize(2);
        }
    }

    @Test
    void callersThatLeaveWhileQueuedNoLongerCountAgainstTheQueue() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1)
                .maxQueueSize(3).build()) {
            collapser.submit(0);
            loader.next();
            for (int key = 1; key <= 3; key++) {
                collapser.submit(key).cancel(false);
            }
            assertThat(collapser.stats().queueDepth()).isZero();
            CompletableFuture<String> admitted = collapser.submit(9);
            assertThat(admitted).isNotDone();
            // many more that leave while queued: their entries are purged, the live caller stays
            for (int i = 0; i < 1000; i++) {
                collapser.submit(100 + i).cancel(false);
            }
            assertThat(collapser.stats().queueDepth()).isEqualTo(1);
            loader.answer(0, List.of(0));
            assertThat(loader.next()).containsExactly(9);
            loader.answer(1, List.of(9));
            assertThat(admitted.get(5, TimeUnit.SECONDS)).isEqualTo("v9");
        }
    }

    @Test
    void aListFunctionAnswersInKeyOrderAndAWrongLengthFailsTheBatch() {
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>listBuilder(keys ->
                CompletableFuture.completedFuture(keys.stream().map(k -> "#" + k).toList())).build()) {
            assertThat(collapser.submit(7).join()).isEqualTo("#7");
        }
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>listBuilder(keys ->
                CompletableFuture.completedFuture(List.of())).build()) {
            assertThat(cause(collapser.submit(7))).isInstanceOf(CollapseException.class)
                    .hasMessage("the batch function answered 0 values for 1 keys");
        }
    }

    @Test
    void maxDelayWaitsForMoreKeysUntilTheThresholdIsReached() throws Exception {
        ManualLoader loader = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader)
                .maxDelay(Duration.ofMinutes(5)).delayThreshold(3).build()) {
            CompletableFuture<String> a = collapser.submit(1);
            CompletableFuture<String> b = collapser.submit(2);
            assertThat(loader.calls.poll(100, TimeUnit.MILLISECONDS)).isNull();
            CompletableFuture<String> c = collapser.submit(3);

            assertThat(loader.next()).containsExactly(1, 2, 3); // long before the 5 minutes
            loader.answer(0, List.of(1, 2, 3));
            assertThat(List.of(a, b, c)).extracting(CompletableFuture::join).containsExactly("v1", "v2", "v3");
        }
        ManualLoader alone = new ManualLoader();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(alone)
                .maxDelay(Duration.ofMillis(20)).build()) {
            collapser.submit(9);
            assertThat(alone.next()).containsExactly(9); // the delay ends without more keys
        }
    }

    @Test
    void closingRefusesQueuedAndNewKeys() throws Exception {
        ManualLoader loader = new ManualLoader();
        BatchCollapser<Integer, String> collapser = BatchCollapser.builder(loader).maxConcurrentBatches(1).build();
        CompletableFuture<String> running = collapser.submit(1);
        loader.next();
        CompletableFuture<String> queued = collapser.submit(2);

        collapser.close();

        assertThat(cause(queued)).isInstanceOf(CollapseRejectedException.class).hasMessageContaining("closed");
        assertThat(cause(collapser.submit(3))).isInstanceOf(CollapseRejectedException.class);
        loader.answer(0, List.of(1));
        assertThat(running.get(5, TimeUnit.SECONDS)).isEqualTo("v1");
    }

    @Test
    void nullKeysAreRejectedAtSubmitAndTheBlockingVariantThrowsTheFailure() throws Exception {
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.<Integer, String>builder(keys ->
                CompletableFuture.completedFuture(Map.of(1, "one"))).build()) {
            assertThatThrownBy(() -> collapser.submit(null)).isInstanceOf(NullPointerException.class)
                    .hasMessage("key");
            assertThat(collapser.submitBlocking(1)).isEqualTo("one");
            assertThatThrownBy(() -> collapser.submitBlocking(2)).isInstanceOf(MissingResultException.class);
        }
    }

    @Test
    void optionsAreValidatedAndNameTheComponent() {
        assertThatThrownBy(() -> BatchCollapser.builder(keys -> null).maxBatchSize(0))
                .hasMessage("maxBatchSize must be >= 1: 0");
        assertThatThrownBy(() -> BatchOptions.builder().maxBatchSize(4).delayThreshold(5).build())
                .hasMessage("delayThreshold must be <= maxBatchSize (4): 5");
        assertThatThrownBy(() -> BatchOptions.builder().maxDelay(Duration.ofMillis(-1)))
                .hasMessage("maxDelay must be zero or positive: PT-0.001S");
        BatchOptions options = BatchOptions.builder().maxBatchSize(10).maxDelay(Duration.ofMillis(2)).build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.effectiveDelayThreshold()).isEqualTo(10);
    }
}
