package dev.brisk.rest.internal;

import java.util.Optional;
import java.util.function.Function;

/** A parameter or header condition of a route: {@code name}, {@code !name}, {@code name=value}, {@code name!=value}. */
record Condition(String name, String value, boolean negated) {

    static Condition parse(String text) {
        String trimmed = text.trim();
        int ne = trimmed.indexOf("!=");
        if (ne > 0) {
            return new Condition(trimmed.substring(0, ne).trim(), trimmed.substring(ne + 2).trim(), true);
        }
        int eq = trimmed.indexOf('=');
        if (eq > 0) {
            return new Condition(trimmed.substring(0, eq).trim(), trimmed.substring(eq + 1).trim(), false);
        }
        if (trimmed.startsWith("!") && trimmed.length() > 1) {
            return new Condition(trimmed.substring(1).trim(), null, true);
        }
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("empty route condition");
        }
        return new Condition(trimmed, null, false);
    }

    boolean test(Function<String, Optional<String>> lookup) {
        Optional<String> actual = lookup.apply(name);
        if (value == null) {
            return actual.isPresent() != negated;
        }
        return actual.map(value::equals).orElse(false) != negated;
    }

    @Override
    public String toString() {
        return value == null ? (negated ? "!" : "") + name : name + (negated ? "!=" : "=") + value;
    }
}
