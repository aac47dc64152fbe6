package dev.brisk.spring.boot;

import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthOptions;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.Map;

/**
 * Brisk's own liveness and readiness routes, under {@code brisk.health.*}, for applications that do not use
 * Actuator's health groups ({@code /actuator/health/liveness} and {@code readiness} serve the same purpose there).
 * Off unless {@code brisk.health.enabled}; {@link HealthCheck} beans become readiness checks named after the bean.
 */
@ConfigurationProperties("brisk.health")
public class BriskHealthProperties {

    /** Whether to serve the liveness and readiness routes. */
    private boolean enabled;

    /** Path of the liveness route. */
    private String livenessPath = HealthOptions.DEFAULT.livenessPath();

    /** Path of the readiness route (DOWN as soon as a graceful shutdown begins). */
    private String readinessPath = HealthOptions.DEFAULT.readinessPath();

    /** How long a check may take before it counts as DOWN. */
    private Duration timeout = HealthOptions.DEFAULT.timeout();

    /** The options these settings describe, with {@code readinessChecks} by name. */
    public HealthOptions toOptions(Map<String, HealthCheck> readinessChecks) {
        HealthOptions.Builder builder = HealthOptions.builder().livenessPath(livenessPath)
                .readinessPath(readinessPath).timeout(timeout);
        readinessChecks.forEach(builder::readiness);
        return builder.build();
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getLivenessPath() {
        return livenessPath;
    }

    public void setLivenessPath(String livenessPath) {
        this.livenessPath = livenessPath;
    }

    public String getReadinessPath() {
        return readinessPath;
    }

    public void setReadinessPath(String readinessPath) {
        this.readinessPath = readinessPath;
    }

    public Duration getTimeout() {
        return timeout;
    }

    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }
}
