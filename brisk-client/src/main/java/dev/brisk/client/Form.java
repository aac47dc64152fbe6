package dev.brisk.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An {@code application/x-www-form-urlencoded} request body: name and value pairs in the order they were added, encoded
 * as UTF-8 ({@code a=1&b=x+y}). Pass it to {@link RequestBuilder#body(Object)}. Immutable; may be sent any number of
 * times.
 */
public final class Form {

    private final List<Map.Entry<String, String>> fields;

    private Form(List<Map.Entry<String, String>> fields) {
        this.fields = List.copyOf(fields);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The fields, in order; a name may repeat. */
    public List<Map.Entry<String, String>> fields() {
        return fields;
    }

    @Override
    public String toString() {
        return "Form" + fields;
    }

    /** Collects fields; not thread-safe. */
    public static final class Builder {
        private final List<Map.Entry<String, String>> fields = new ArrayList<>();

        private Builder() {
        }

        /** Adds a field (repeat a name for several values). */
        public Builder field(String name, String value) {
            Objects.requireNonNull(name, "field name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("field name is empty");
            }
            fields.add(Map.entry(name, Objects.requireNonNull(value, "value of field " + name)));
            return this;
        }

        public Form build() {
            return new Form(fields);
        }
    }
}
