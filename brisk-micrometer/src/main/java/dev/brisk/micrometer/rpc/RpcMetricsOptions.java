package dev.brisk.micrometer.rpc;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What {@link BriskRpcMetrics} measures and how.
 *
 * @param percentileHistogram whether the call timers publish histogram buckets, from which a backend (Prometheus,
 *                            Atlas...) computes percentiles across instances; default false
 * @param percentiles         percentiles the call timers compute themselves, each within [0, 1], e.g. 0.5 and 0.99;
 *                            default none (they cannot be aggregated across instances, and cost memory per series)
 * @param providerTag         whether the client's call timer is tagged {@code provider} ({@code host:port}): a series
 *                            per provider, removed when the provider leaves; default true. Off, a client's series
 *                            are per service and method only, for fleets of many providers
 */
public record RpcMetricsOptions(boolean percentileHistogram, List<Double> percentiles, boolean providerTag) {

    /** The defaults. */
    public static final RpcMetricsOptions DEFAULT = builder().build();

    public RpcMetricsOptions {
        Objects.requireNonNull(percentiles, "percentiles must not be null");
        percentiles = List.copyOf(percentiles);
        for (double percentile : percentiles) {
            if (!(percentile >= 0 && percentile <= 1)) {
                throw new IllegalArgumentException("percentiles must be within [0, 1]: " + percentile);
            }
        }
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder().percentileHistogram(percentileHistogram).percentiles(percentiles).providerTag(providerTag);
    }

    /** Builds {@link RpcMetricsOptions}; {@link #build()} validates. */
    public static final class Builder {
        private boolean percentileHistogram;
        private List<Double> percentiles = List.of();
        private boolean providerTag = true;

        private Builder() {
        }

        public Builder percentileHistogram(boolean percentileHistogram) {
            this.percentileHistogram = percentileHistogram;
            return this;
        }

        public Builder percentiles(List<Double> percentiles) {
            this.percentiles = percentiles;
            return this;
        }

        public Builder percentiles(double... percentiles) {
            this.percentiles = Arrays.stream(percentiles).boxed().toList();
            return this;
        }

        public Builder providerTag(boolean providerTag) {
            this.providerTag = providerTag;
            return this;
        }

        public RpcMetricsOptions build() {
            return new RpcMetricsOptions(percentileHistogram, percentiles, providerTag);
        }
    }
}
