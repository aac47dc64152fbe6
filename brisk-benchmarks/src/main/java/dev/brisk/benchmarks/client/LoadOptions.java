package dev.brisk.benchmarks.client;

import java.time.Duration;

/**
 * What one {@code client} run does: the URL, how many requests are kept in flight, for how long, and whether each
 * request is a GET or a POST carrying {@code bodySize} bytes.
 *
 * @param url         absolute {@code http://} URL every request goes to
 * @param concurrency requests in flight at all times (closed loop)
 * @param warmup      time run before measuring
 * @param duration    measured window
 * @param bodySize    POST body size in bytes; negative for GET
 * @param h2          HTTP/2 over cleartext (prior knowledge where the client can) instead of HTTP/1.1
 * @param ioThreads   IO (event loop) threads, for clients that have the notion
 * @param ratio       0 for the closed loop; otherwise the async:sync ratio of the alternating method
 * @param http3       HTTP/3 over QUIC to an {@code https://} URL (the server's certificate is not checked)
 */
public record LoadOptions(String url, int concurrency, Duration warmup, Duration duration, int bodySize, boolean h2,
                          int ioThreads, int ratio, boolean http3) {

    /** The media type of POST bodies. */
    public static final String OCTET_STREAM = "application/octet-stream";

    public LoadOptions {
        if (http3 ? !url.startsWith("https://") : !url.startsWith("http://")) {
            throw new IllegalArgumentException("--url must be an absolute " + (http3 ? "https" : "http")
                    + ":// URL" + (http3 ? " with --http3" : "") + ": " + url);
        }
        if (http3 && h2) {
            throw new IllegalArgumentException("--h2 and --http3 exclude each other");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be >= 1: " + concurrency);
        }
        if (ioThreads < 1) {
            throw new IllegalArgumentException("--io-threads must be >= 1: " + ioThreads);
        }
        if (ratio < 0) {
            throw new IllegalArgumentException("--ratio must be >= 0: " + ratio);
        }
    }

    /** Whether requests are POSTs with a body. */
    public boolean post() {
        return bodySize >= 0;
    }

    /** A new body of {@code bodySize} bytes (printable, so it shows in captures); empty for GET runs. */
    public byte[] body() {
        byte[] body = new byte[Math.max(0, bodySize)];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        return body;
    }

    /**
     * Whether a response is the expected one: status 200 and, for POST /echo, the body echoed back in full; for GET,
     * a non-empty body.
     */
    public boolean expected(int status, long bodyLength) {
        return status == 200 && (post() ? bodyLength == bodySize : bodyLength > 0);
    }

    /** {@link #expected}, printing the first few unexpected responses to stderr. */
    public boolean check(int status, long bodyLength) {
        if (expected(status, bodyLength)) {
            return true;
        }
        Errors.unexpected(status, bodyLength);
        return false;
    }

    /** Pending requests a client must accept without failing: everything the run can have queued at once. */
    public int maxPending() {
        return Math.max(concurrency, ratio + 1) * 2;
    }
}
