package dev.brisk.rest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A handler result with a status and headers besides the body; the body is encoded like any other result.
 *
 * <pre>{@code ctx.send(ResponseEntity.status(201).header("location", "/users/7").body(user));}</pre>
 */
public final class ResponseEntity<T> {

    private final int status;
    private final Map<String, String> headers;
    private final T body;

    private ResponseEntity(int status, Map<String, String> headers, T body) {
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    /** A 200 with {@code body}. */
    public static <T> ResponseEntity<T> ok(T body) {
        return new ResponseEntity<>(200, Map.of(), body);
    }

    /** A builder for {@code status}. */
    public static Builder status(int status) {
        return new Builder(status);
    }

    public int statusCode() {
        return status;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** The body, or null for none. */
    public T body() {
        return body;
    }

    /** Builds a {@link ResponseEntity}. */
    public static final class Builder {
        private final int status;
        private final Map<String, String> headers = new LinkedHashMap<>();

        private Builder(int status) {
            if (status < 100 || status > 599) {
                throw new IllegalArgumentException("status must be within [100, 599]: " + status);
            }
            this.status = status;
        }

        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public <T> ResponseEntity<T> body(T body) {
            return new ResponseEntity<>(status, Map.copyOf(headers), body);
        }

        public ResponseEntity<Void> build() {
            return new ResponseEntity<>(status, Map.copyOf(headers), null);
        }
    }
}
