package dev.brisk.collapse;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a {@link SingleFlight}. A zero {@link Duration} turns the timeout or the result reuse off.
 *
 * @param timeout     how long one caller waits for the shared call before it fails with
 *                    {@link CollapseTimeoutException} (the call goes on for the others); default 30 s, zero for no
 *                    limit. Deadlines are checked by one sweep of the calls in flight every tenth of the timeout
 *                    (1 ms to 100 ms apart) rather than by a timer per caller, so a caller fails within two such
 *                    periods after its timeout
 * @param resultTtl   how long a successful result is handed to new callers of its key without a new call; default
 *                    zero (off): only callers that arrive while the call is in flight share it
 * @param maxInFlight keys that may have a call in flight at once; a caller of one more key is refused with
 *                    {@link CollapseRejectedException}; default 65536
 * @param metrics     where events are reported; default {@link CollapseMetrics#NONE}
 */
public record SingleFlightOptions(Duration timeout, Duration resultTtl, int maxInFlight, CollapseMetrics metrics) {

    /** Every default. */
    public static final SingleFlightOptions DEFAULT = builder().build();

    /** Validates every component; a message names the component and the offending value. */
    public SingleFlightOptions {
        Checks.notNegative(timeout, "timeout");
        Checks.notNegative(resultTtl, "resultTtl");
        Checks.atLeast(maxInFlight, 1, "maxInFlight");
        Objects.requireNonNull(metrics, "metrics");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder().timeout(timeout).resultTtl(resultTtl).maxInFlight(maxInFlight).metrics(metrics);
    }

    /** Builds {@link SingleFlightOptions}; each setter checks its value at once. */
    public static final class Builder {
        private Duration timeout = Duration.ofSeconds(30);
        private Duration resultTtl = Duration.ZERO;
        private int maxInFlight = 65_536;
        private CollapseMetrics metrics = CollapseMetrics.NONE;

        private Builder() {
        }

        /** How long one caller waits; default 30 s, zero for no limit. */
        public Builder timeout(Duration timeout) {
            this.timeout = Checks.notNegative(timeout, "timeout");
            return this;
        }

        /** How long a successful result is reused for new callers; default zero (off). */
        public Builder resultTtl(Duration resultTtl) {
            this.resultTtl = Checks.notNegative(resultTtl, "resultTtl");
            return this;
        }

        /** Keys with a call in flight at once; default 65536. */
        public Builder maxInFlight(int maxInFlight) {
            this.maxInFlight = Checks.atLeast(maxInFlight, 1, "maxInFlight");
            return this;
        }

        /** Where events are reported; default none. */
        public Builder metrics(CollapseMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        public SingleFlightOptions build() {
            return new SingleFlightOptions(timeout, resultTtl, maxInFlight, metrics);
        }
    }
}
