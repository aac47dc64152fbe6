package dev.brisk.collapse;

import dev.brisk.collapse.internal.DefaultBatchCollapser;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Merges single-key requests into batch calls: callers {@link #submit} one key each, a {@link BatchFunction} loads
 * the distinct keys queued together in one call, and each caller gets the value of its own key.
 *
 * <pre>{@code
 * BatchCollapser<Long, User> users = BatchCollapser.builder((List<Long> ids) -> repository.findAllAsync(ids))
 *         .maxBatchSize(100).build();
 * CompletableFuture<User> user = users.submit(42L);
 * }</pre>
 *
 * <p>Batching: a batch is dispatched as soon as a dispatch slot is free ({@link BatchOptions#maxConcurrentBatches()})
 * and takes every key queued meanwhile, so a lone request does not wait and a busy collapser forms large batches
 * (see {@link BatchOptions} for {@code maxDelay}). Keys submitted by several callers are loaded once. The batch
 * function always runs on the collapser's executor, never on a submitting thread.
 *
 * <p>Every caller completes: with its value; with {@link MissingResultException} when the result lacks its key; with
 * the batch's failure when the function throws or its stage fails (callers of other batches are not affected); with
 * {@link CollapseTimeoutException} after the timeout; with {@link CollapseRejectedException} when the queue is full,
 * the collapser is closed or the executor refuses the batch. Cancelling a caller's future removes only that caller;
 * a batch whose callers have all gone is cancelled (through its stage, when that is a {@code Future}).
 *
 * <p>Callers of the same key receive the same value object: share immutable values or copy them. Thread-safe.
 *
 * @param <K> the key type, with value semantics ({@code equals}, {@code hashCode}); never null
 * @param <V> the value type
 */
public interface BatchCollapser<K, V> extends AutoCloseable {

    /** A builder of a collapser over a function that answers a map from key to value. */
    static <K, V> Builder<K, V> builder(BatchFunction<K, V> function) {
        return new Builder<>(Objects.requireNonNull(function, "function"), null);
    }

    /** A builder of a collapser over a function that answers a list of values aligned with its keys. */
    static <K, V> Builder<K, V> listBuilder(ListBatchFunction<K, V> function) {
        return new Builder<>(null, Objects.requireNonNull(function, "function"));
    }

    /**
     * Queues {@code key} for a batch; the future (also a {@code CompletionStage}) completes with its value. Never
     * blocks, never runs the batch function on this thread.
     *
     * @throws NullPointerException when {@code key} is null
     */
    CompletableFuture<V> submit(K key);

    /**
     * Submits {@code key} and waits for its value; throws the batch's failure as the function raised it, or a
     * {@link CollapseException}. An interrupted wait cancels this caller and throws {@link InterruptedException}.
     */
    V submitBlocking(K key) throws Exception;

    /** What this collapser has done so far. */
    CollapseStats stats();

    /** The options it runs with. */
    BatchOptions options();

    /**
     * Refuses new keys, fails the callers still queued with {@link CollapseRejectedException}, lets running batches
     * finish, and shuts down the executor the collapser created (never one it was given).
     */
    @Override
    void close();

    /** Builds a {@link BatchCollapser}: the options of {@link BatchOptions} and the executor. */
    final class Builder<K, V> {
        private final BatchFunction<K, V> mapFunction;
        private final ListBatchFunction<K, V> listFunction;
        private BatchOptions.Builder options = BatchOptions.builder();
        private Executor executor;

        private Builder(BatchFunction<K, V> mapFunction, ListBatchFunction<K, V> listFunction) {
            this.mapFunction = mapFunction;
            this.listFunction = listFunction;
        }

        /** Replaces every option with {@code options}. */
        public Builder<K, V> options(BatchOptions options) {
            this.options = Objects.requireNonNull(options, "options").toBuilder();
            return this;
        }

        /** Distinct keys per batch; default 128. */
        public Builder<K, V> maxBatchSize(int maxBatchSize) {
            options.maxBatchSize(maxBatchSize);
            return this;
        }

        /** Batches running at once; default 4. */
        public Builder<K, V> maxConcurrentBatches(int maxConcurrentBatches) {
            options.maxConcurrentBatches(maxConcurrentBatches);
            return this;
        }

        /** How long a dispatch below the delay threshold waits for more keys; default zero (never). */
        public Builder<K, V> maxDelay(Duration maxDelay) {
            options.maxDelay(maxDelay);
            return this;
        }

        /** Queued callers that end a {@code maxDelay} wait early; default {@code maxBatchSize}. */
        public Builder<K, V> delayThreshold(int delayThreshold) {
            options.delayThreshold(delayThreshold);
            return this;
        }

        /** Callers queued at once before new ones are refused; default 65536. */
        public Builder<K, V> maxQueueSize(int maxQueueSize) {
            options.maxQueueSize(maxQueueSize);
            return this;
        }

        /** How long one caller waits; default 30 s, zero for no limit. */
        public Builder<K, V> timeout(Duration timeout) {
            options.timeout(timeout);
            return this;
        }

        /** Where events are reported; default none. */
        public Builder<K, V> metrics(CollapseMetrics metrics) {
            options.metrics(metrics);
            return this;
        }

        /**
         * Runs the batch function on {@code executor} (not shut down by {@link BatchCollapser#close()}); default a
         * pool of the collapser's own with up to {@code maxConcurrentBatches} daemon threads.
         */
        public Builder<K, V> executor(Executor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /** The options as set so far. */
        public BatchOptions options() {
            return options.build();
        }

        /**
         * Builds the collapser. Its key type may be narrower than the function's ({@code K2 extends K}: a function
         * of any keys serves keys of one type), so that {@code builder(keys -> ...)} needs no type witness even when
         * the compiler cannot tell the function's key type from the lambda alone.
         */
        @SuppressWarnings("unchecked")
        public <K2 extends K> BatchCollapser<K2, V> build() {
            BatchOptions built = options.build();
            BatchCollapser<K, V> collapser = mapFunction != null
                    ? DefaultBatchCollapser.ofMap(mapFunction, built, executor)
                    : DefaultBatchCollapser.ofList(listFunction, built, executor);
            return (BatchCollapser<K2, V>) collapser;
        }
    }
}
