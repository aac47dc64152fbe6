package dev.brisk.rest.servlet.internal;

import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The init parameters of a filter or servlet registration: set once each, as the servlet API says. */
final class InitParameters {

    private final Map<String, String> values = new LinkedHashMap<>();

    /** Sets {@code name} unless it is set already; returns whether it was set now. */
    boolean set(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        return values.putIfAbsent(name, value) == null;
    }

    /** Sets each parameter not set already; returns the names that were. */
    Set<String> setAll(Map<String, String> parameters) {
        Set<String> conflicting = new LinkedHashSet<>();
        parameters.forEach((name, value) -> {
            if (!set(name, value)) {
                conflicting.add(name);
            }
        });
        return conflicting;
    }

    String get(String name) {
        return values.get(name);
    }

    Enumeration<String> names() {
        return Collections.enumeration(values.keySet());
    }

    Map<String, String> asMap() {
        return Collections.unmodifiableMap(values);
    }
}
