package dev.brisk.micrometer;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What {@link BriskMetrics} measures and how.
 *
 * @param requestsMetricName  name of the per-request timer; default {@code http.server.requests}, as Spring Boot names it
 * @param percentileHistogram whether the timer publishes histogram buckets, from which a backend (Prometheus,
 *                            Atlas...) computes percentiles across instances; default false
 * @param percentiles         percentiles the timer computes itself, each within [0, 1], e.g. 0.5 and 0.99; default
 *                            none (they cannot be aggregated across instances, and cost memory per time series)
 * @param serverMeters        whether the server's gauges are registered: connections, requests in flight,
 *                            schedulers, event loops; default true
 * @param scrapePath          path of {@link BriskMetrics#scrapeRoute()}; default {@code /metrics}
 */
public record MetricsOptions(String requestsMetricName, boolean percentileHistogram, List<Double> percentiles,
                             boolean serverMeters, String scrapePath) {

    /** The defaults. */
    public static final MetricsOptions DEFAULT = builder().build();

    public MetricsOptions {
        Objects.requireNonNull(requestsMetricName, "requestsMetricName must not be null");
        Objects.requireNonNull(percentiles, "percentiles must not be null");
        Objects.requireNonNull(scrapePath, "scrapePath must not be null");
        if (requestsMetricName.isBlank()) {
            throw new IllegalArgumentException("requestsMetricName must not be blank");
        }
        percentiles = List.copyOf(percentiles);
        for (double percentile : percentiles) {
            if (!(percentile >= 0 && percentile <= 1)) {
                throw new IllegalArgumentException("percentiles must be within [0, 1]: " + percentile);
            }
        }
        if (!scrapePath.startsWith("/")) {
            throw new IllegalArgumentException("scrapePath must start with '/': " + scrapePath);
        }
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder().requestsMetricName(requestsMetricName).percentileHistogram(percentileHistogram)
                .percentiles(percentiles).serverMeters(serverMeters).scrapePath(scrapePath);
    }

    /** Builds {@link MetricsOptions}; {@link #build()} validates. */
    public static final class Builder {
        private String requestsMetricName = "http.server.requests";
        private boolean percentileHistogram;
        private List<Double> percentiles = List.of();
        private boolean serverMeters = true;
        private String scrapePath = "/metrics";

        private Builder() {
        }

        public Builder requestsMetricName(String requestsMetricName) {
            this.requestsMetricName = requestsMetricName;
            return this;
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

        public Builder serverMeters(boolean serverMeters) {
            this.serverMeters = serverMeters;
            return this;
        }

        public Builder scrapePath(String scrapePath) {
            this.scrapePath = scrapePath;
            return this;
        }

        public MetricsOptions build() {
            return new MetricsOptions(requestsMetricName, percentileHistogram, percentiles, serverMeters, scrapePath);
        }
    }
}
