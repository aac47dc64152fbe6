package dev.brisk.benchmarks.serve;

import java.nio.charset.StandardCharsets;

/**
 * The standard endpoints' payloads, shared by every implementation so they all put the same bytes on the wire:
 * {@code GET /hello}, {@code POST /echo}, {@code GET /json}, {@code GET /users/{id}}.
 */
public final class Endpoints {

    public static final String TEXT_PLAIN = "text/plain";
    public static final String APPLICATION_JSON = "application/json";
    public static final String OCTET_STREAM = "application/octet-stream";
    public static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    public static final byte[] JSON = "{\"message\":\"Hello, World!\"}".getBytes(StandardCharsets.US_ASCII);
    public static final String USERS_PREFIX = "/users/";

    private Endpoints() {
    }

    /** The user object for {@code /users/{id}}, or null when the id is not a number. */
    public static byte[] user(String id) {
        long value;
        try {
            value = Long.parseLong(id);
        } catch (NumberFormatException e) {
            return null;
        }
        return new StringBuilder(64).append("{\"id\":").append(value).append(",\"name\":\"User ").append(value)
                .append("\",\"email\":\"user").append(value).append("@example.com\"}").toString()
                .getBytes(StandardCharsets.US_ASCII);
    }
}
