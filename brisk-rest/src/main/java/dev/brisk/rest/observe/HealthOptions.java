package dev.brisk.rest.observe;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Liveness and readiness routes for orchestrators (Kubernetes probes, load balancers): each answers {@code 200} with
 * {@code {"status":"UP",...}} when all its checks are UP, else {@code 503} with {@code "DOWN"}, listing every check's
 * status and details. Readiness has a built-in check, {@code draining}, that turns DOWN as soon as a graceful
 * shutdown begins. Off unless {@link ObservabilityConfig#health(HealthOptions)} is called.
 *
 * <pre>{@code
 * Brisk.server().observability(o -> o.health(HealthOptions.builder()
 *         .readiness("db", () -> HealthResult.of(db.isValid(1))).build()))
 * }</pre>
 *
 * @param livenessPath   route of the liveness check; default {@code /health/live}
 * @param readinessPath  route of the readiness check; default {@code /health/ready}
 * @param timeout        how long a check may take before it counts as DOWN; default 5 s
 * @param livenessChecks checks of the liveness route by name; default none (the process answers: it is alive)
 * @param readinessChecks checks of the readiness route by name, besides {@code draining}; default none
 */
public record HealthOptions(String livenessPath, String readinessPath, Duration timeout,
                            Map<String, HealthCheck> livenessChecks, Map<String, HealthCheck> readinessChecks) {

    /** The defaults listed above. */
    public static final HealthOptions DEFAULT = new HealthOptions("/health/live", "/health/ready",
            Duration.ofSeconds(5), Map.of(), Map.of());

    /** Validates every component and copies the maps (keeping their order). */
    public HealthOptions {
        path(livenessPath, "livenessPath");
        path(readinessPath, "readinessPath");
        if (livenessPath.equals(readinessPath)) {
            throw new IllegalArgumentException("readinessPath must differ from livenessPath: " + readinessPath);
        }
        Objects.requireNonNull(timeout, "timeout must not be null");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        livenessChecks = copy(livenessChecks, "livenessChecks");
        readinessChecks = copy(readinessChecks, "readinessChecks");
        if (readinessChecks.containsKey("draining")) {
            throw new IllegalArgumentException("readinessChecks must not name a check 'draining': it is built in");
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void path(String path, String name) {
        Objects.requireNonNull(path, () -> name + " must not be null");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException(name + " must start with '/': '" + path + "'");
        }
    }

    private static Map<String, HealthCheck> copy(Map<String, HealthCheck> checks, String name) {
        Objects.requireNonNull(checks, () -> name + " must not be null");
        Map<String, HealthCheck> copy = new LinkedHashMap<>();
        checks.forEach((key, check) -> copy.put(Objects.requireNonNull(key, () -> name + " must not hold null names"),
                Objects.requireNonNull(check, () -> name + " must not hold null checks")));
        return Collections.unmodifiableMap(copy);
    }

    /** Builds {@link HealthOptions}; {@link #build()} validates. */
    public static final class Builder {
        private String livenessPath;
        private String readinessPath;
        private Duration timeout;
        private final Map<String, HealthCheck> livenessChecks;
        private final Map<String, HealthCheck> readinessChecks;

        private Builder(HealthOptions options) {
            livenessPath = options.livenessPath;
            readinessPath = options.readinessPath;
            timeout = options.timeout;
            livenessChecks = new LinkedHashMap<>(options.livenessChecks);
            readinessChecks = new LinkedHashMap<>(options.readinessChecks);
        }

        /** Route of the liveness check. */
        public Builder livenessPath(String livenessPath) {
            this.livenessPath = livenessPath;
            return this;
        }

        /** Route of the readiness check. */
        public Builder readinessPath(String readinessPath) {
            this.readinessPath = readinessPath;
            return this;
        }

        /** How long a check may take before it counts as DOWN. */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** Adds (or replaces) a liveness check. */
        public Builder liveness(String name, HealthCheck check) {
            livenessChecks.put(name, check);
            return this;
        }

        /** Adds (or replaces) a readiness check. */
        public Builder readiness(String name, HealthCheck check) {
            readinessChecks.put(name, check);
            return this;
        }

        public HealthOptions build() {
            return new HealthOptions(livenessPath, readinessPath, timeout, livenessChecks, readinessChecks);
        }
    }
}
