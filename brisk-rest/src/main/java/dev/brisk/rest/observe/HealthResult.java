package dev.brisk.rest.observe;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link HealthCheck} found: UP or DOWN, with details shown in the health route's JSON body (strings,
 * numbers and booleans are written as such, anything else as its {@code toString()}).
 *
 * @param status  UP or DOWN
 * @param details named facts about the check, in insertion order; empty for none
 */
public record HealthResult(Status status, Map<String, Object> details) {

    private static final HealthResult UP = new HealthResult(Status.UP, Map.of());
    private static final HealthResult DOWN = new HealthResult(Status.DOWN, Map.of());

    /** Validates and copies the components. */
    public HealthResult {
        Objects.requireNonNull(status, "status must not be null");
        Objects.requireNonNull(details, "details must not be null");
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** UP without details. */
    public static HealthResult up() {
        return UP;
    }

    /** DOWN without details. */
    public static HealthResult down() {
        return DOWN;
    }

    /** UP when {@code healthy}, else DOWN. */
    public static HealthResult of(boolean healthy) {
        return healthy ? UP : DOWN;
    }

    /** This result with one more detail. */
    public HealthResult withDetail(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(details);
        more.put(Objects.requireNonNull(name, "name must not be null"),
                Objects.requireNonNull(value, "value must not be null"));
        return new HealthResult(status, more);
    }

    /** Whether the status is UP. */
    public boolean isUp() {
        return status == Status.UP;
    }

    /** A check's state. */
    public enum Status {
        UP, DOWN
    }
}
