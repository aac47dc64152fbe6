package dev.brisk.micrometer;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The defaults, the round trip and every validation message of {@link MetricsOptions}. */
class MetricsOptionsTest {

    @Test
    void defaults() {
        MetricsOptions options = MetricsOptions.DEFAULT;
        assertThat(options.requestsMetricName()).isEqualTo("http.server.requests");
        assertThat(options.percentileHistogram()).isFalse();
        assertThat(options.percentiles()).isEmpty();
        assertThat(options.serverMeters()).isTrue();
        assertThat(options.scrapePath()).isEqualTo("/metrics");
        assertThat(MetricsOptions.builder().build()).isEqualTo(options);
    }

    @Test
    void roundTrip() {
        MetricsOptions options = MetricsOptions.builder().requestsMetricName("requests").percentileHistogram(true)
                .percentiles(0.5, 0.95).serverMeters(false).scrapePath("/prometheus").build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.percentiles()).containsExactly(0.5, 0.95);
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> MetricsOptions.builder().requestsMetricName(" ").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("requestsMetricName must not be blank");
        assertThatThrownBy(() -> MetricsOptions.builder().requestsMetricName(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("requestsMetricName must not be null");
        assertThatThrownBy(() -> MetricsOptions.builder().percentiles(0.5, 1.5).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("percentiles must be within [0, 1]: 1.5");
        assertThatThrownBy(() -> MetricsOptions.builder().percentiles(List.of(Double.NaN)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("percentiles must be within [0, 1]: NaN");
        assertThatThrownBy(() -> MetricsOptions.builder().percentiles((List<Double>) null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("percentiles must not be null");
        assertThatThrownBy(() -> MetricsOptions.builder().scrapePath("metrics").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("scrapePath must start with '/': metrics");
        assertThatThrownBy(() -> MetricsOptions.builder().scrapePath(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("scrapePath must not be null");
    }
}
