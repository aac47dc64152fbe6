package dev.brisk.collapse;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a {@link BatchCollapser}: how batches are formed and how long callers may wait.
 *
 * <p>By default a batch is dispatched as soon as one of the {@code maxConcurrentBatches} dispatch slots is free and
 * takes every key queued meanwhile, up to {@code maxBatchSize}: no fixed wait at low load, large batches under load.
 * A positive {@code maxDelay} makes a dispatch that finds fewer than {@code delayThreshold} callers queued wait up to
 * that long for more.
 *
 * @param maxBatchSize         distinct keys per batch; default 128
 * @param maxConcurrentBatches batches running at once; default 4
 * @param maxDelay             how long a dispatch with fewer than {@code delayThreshold} callers queued waits for
 *                             more; default zero (never waits)
 * @param delayThreshold       the queued callers that end a {@code maxDelay} wait early; 0 (the default) means
 *                             {@code maxBatchSize}
 * @param maxQueueSize         callers queued at once; one more is refused with {@link CollapseRejectedException};
 *                             default 65536
 * @param timeout              how long one caller waits, queued and in its batch, before it fails with
 *                             {@link CollapseTimeoutException}; default 30 s, zero for no limit
 * @param metrics              where events are reported; default {@link CollapseMetrics#NONE}
 */
public record BatchOptions(int maxBatchSize, int maxConcurrentBatches, Duration maxDelay, int delayThreshold,
                           int maxQueueSize, Duration timeout, CollapseMetrics metrics) {

    /** Every default. */
    public static final BatchOptions DEFAULT = builder().build();

    /** Validates every component; a message names the component and the offending value. */
    public BatchOptions {
        Checks.atLeast(maxBatchSize, 1, "maxBatchSize");
        Checks.atLeast(maxConcurrentBatches, 1, "maxConcurrentBatches");
        Checks.notNegative(maxDelay, "maxDelay");
        Checks.atLeast(delayThreshold, 0, "delayThreshold");
        if (delayThreshold > maxBatchSize) {
            throw new IllegalArgumentException("delayThreshold must be <= maxBatchSize (" + maxBatchSize + "): "
                    + delayThreshold);
        }
        Checks.atLeast(maxQueueSize, 1, "maxQueueSize");
        Checks.notNegative(timeout, "timeout");
        Objects.requireNonNull(metrics, "metrics");
    }

    /** The queued callers that end a {@code maxDelay} wait: {@code delayThreshold}, or {@code maxBatchSize} for 0. */
    public int effectiveDelayThreshold() {
        return delayThreshold == 0 ? maxBatchSize : delayThreshold;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.maxBatchSize = maxBatchSize;
        builder.maxConcurrentBatches = maxConcurrentBatches;
        builder.maxDelay = maxDelay;
        builder.delayThreshold = delayThreshold;
        builder.maxQueueSize = maxQueueSize;
        builder.timeout = timeout;
        builder.metrics = metrics;
        return builder;
    }

    /** Builds {@link BatchOptions}; each setter checks its value at once, {@link #build()} their combination. */
    public static final class Builder {
        private int maxBatchSize = 128;
        private int maxConcurrentBatches = 4;
        private Duration maxDelay = Duration.ZERO;
        private int delayThreshold;
        private int maxQueueSize = 65_536;
        private Duration timeout = Duration.ofSeconds(30);
        private CollapseMetrics metrics = CollapseMetrics.NONE;

        private Builder() {
        }

        /** Distinct keys per batch; default 128. */
        public Builder maxBatchSize(int maxBatchSize) {
            this.maxBatchSize = Checks.atLeast(maxBatchSize, 1, "maxBatchSize");
            return this;
        }

        /** Batches running at once; default 4. */
        public Builder maxConcurrentBatches(int maxConcurrentBatches) {
            this.maxConcurrentBatches = Checks.atLeast(maxConcurrentBatches, 1, "maxConcurrentBatches");
            return this;
        }

        /** How long a small batch waits for more keys; default zero (never). */
        public Builder maxDelay(Duration maxDelay) {
            this.maxDelay = Checks.notNegative(maxDelay, "maxDelay");
            return this;
        }

        /** Queued callers that end a {@code maxDelay} wait early; default 0, meaning {@code maxBatchSize}. */
        public Builder delayThreshold(int delayThreshold) {
            this.delayThreshold = Checks.atLeast(delayThreshold, 0, "delayThreshold");
            return this;
        }

        /** Callers queued at once; default 65536. */
        public Builder maxQueueSize(int maxQueueSize) {
            this.maxQueueSize = Checks.atLeast(maxQueueSize, 1, "maxQueueSize");
            return this;
        }

        /** How long one caller waits; default 30 s, zero for no limit. */
        public Builder timeout(Duration timeout) {
            this.timeout = Checks.notNegative(timeout, "timeout");
            return this;
        }

        /** Where events are reported; default none. */
        public Builder metrics(CollapseMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        public BatchOptions build() {
            return new BatchOptions(maxBatchSize, maxConcurrentBatches, maxDelay, delayThreshold, maxQueueSize,
                    timeout, metrics);
        }
    }
}
