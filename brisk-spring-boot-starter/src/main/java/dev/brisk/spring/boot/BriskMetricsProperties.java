package dev.brisk.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code brisk.metrics.*}: how Brisk's Micrometer meters are made, when the application has a {@code MeterRegistry}
 * bean ({@code brisk.metrics.enabled}, in {@link BriskProperties}, turns them off). Boot's own
 * {@code management.metrics.distribution.*} settings apply to them too.
 */
@ConfigurationProperties("brisk.metrics")
public class BriskMetricsProperties {

    /** Name of the per-request timer. */
    private String requestsMetricName = "http.server.requests";

    /** Whether the request timer publishes histogram buckets (percentiles computed by the monitoring system). */
    private boolean percentileHistogram;

    /** Percentiles the request timer computes itself, each within [0, 1], e.g. 0.5,0.99. */
    private List<Double> percentiles = new ArrayList<>();

    /** Whether the server's gauges are registered: connections, requests in flight, schedulers, event loops. */
    private boolean serverMeters = true;

    public String getRequestsMetricName() {
        return requestsMetricName;
    }

    public void setRequestsMetricName(String requestsMetricName) {
        this.requestsMetricName = requestsMetricName;
    }

    public boolean isPercentileHistogram() {
        return percentileHistogram;
    }

    public void setPercentileHistogram(boolean percentileHistogram) {
        this.percentileHistogram = percentileHistogram;
    }

    public List<Double> getPercentiles() {
        return percentiles;
    }

    public void setPercentiles(List<Double> percentiles) {
        this.percentiles = percentiles;
    }

    public boolean isServerMeters() {
        return serverMeters;
    }

    public void setServerMeters(boolean serverMeters) {
        this.serverMeters = serverMeters;
    }
}
