package dev.brisk.rest.protect;

import dev.brisk.http.ServerRequest;

import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.function.Predicate;

/**
 * Sheds requests while the process is overloaded: above {@code threshold} CPU load each request is refused
 * ({@code 503} with {@code Retry-After}) with a probability that rises linearly from 0 at the threshold to 1 at
 * {@code max}. The load is the process's CPU load (0 to 1 over all processors), sampled once per second from
 * {@code com.sun.management.OperatingSystemMXBean}; where that is not available shedding is off (logged once).
 *
 * <pre>{@code
 * Brisk.server().protection(p -> p.loadShedding(LoadShedding.builder().threshold(0.8).max(0.95)
 *         .exempt(request -> request.path().startsWith("/health")).build()));
 * }</pre>
 *
 * @param threshold CPU load above which shedding starts; within [0, 1); default 0.8
 * @param max       CPU load at which every request is shed; within (threshold, 1]; default 0.95
 * @param exempt    requests never shed, e.g. health checks; default none
 * @param cpuLoad   where the load is read, once per request, instead of the process CPU sampler; it must be cheap
 *                  (a volatile read); default empty: the sampler
 */
public record LoadShedding(double threshold, double max, Predicate<ServerRequest> exempt,
                           Optional<DoubleSupplier> cpuLoad) {

    /** The defaults listed above. */
    public static final LoadShedding DEFAULT = new LoadShedding(0.8, 0.95, request -> false, Optional.empty());

    /** Validates every component; a message names the component and the offending value. */
    public LoadShedding {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("threshold must be within [0, 1): " + threshold);
        }
        if (!(max > threshold && max <= 1)) {
            throw new IllegalArgumentException("max must be within (threshold (" + threshold + "), 1]: " + max);
        }
        Objects.requireNonNull(exempt, "exempt must not be null");
        Objects.requireNonNull(cpuLoad, "cpuLoad must not be null");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The probability of shedding a request at CPU load {@code load}. */
    public double probability(double load) {
        if (load <= threshold) {
            return 0;
        }
        return load >= max ? 1 : (load - threshold) / (max - threshold);
    }

    /** Builds {@link LoadShedding}; {@link #build()} validates. */
    public static final class Builder {
        private double threshold;
        private double max;
        private Predicate<ServerRequest> exempt;
        private Optional<DoubleSupplier> cpuLoad;

        private Builder(LoadShedding settings) {
            threshold = settings.threshold;
            max = settings.max;
            exempt = settings.exempt;
            cpuLoad = settings.cpuLoad;
        }

        /** CPU load above which shedding starts. */
        public Builder threshold(double threshold) {
            this.threshold = threshold;
            return this;
        }

        /** CPU load at which every request is shed. */
        public Builder max(double max) {
            this.max = max;
            return this;
        }

        /** Requests never shed. */
        public Builder exempt(Predicate<ServerRequest> exempt) {
            this.exempt = exempt;
            return this;
        }

        /** Reads the load from {@code cpuLoad} (0 to 1) instead of sampling the process CPU. */
        public Builder cpuLoad(DoubleSupplier cpuLoad) {
            this.cpuLoad = Optional.of(Objects.requireNonNull(cpuLoad, "cpuLoad must not be null"));
            return this;
        }

        public LoadShedding build() {
            return new LoadShedding(threshold, max, exempt, cpuLoad);
        }
    }
}
