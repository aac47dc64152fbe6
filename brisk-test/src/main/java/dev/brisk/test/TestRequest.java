package dev.brisk.test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** A request being built by a test; {@link #execute()} sends it and waits for the response. */
public final class TestRequest {

    private final Function<TestRequest, TestResponse> sender;
    private final String method;
    private final String path;
    private final List<String[]> headers = new ArrayList<>();
    private byte[] body = new byte[0];
    private Duration timeout = Duration.ofSeconds(10);

    /** For {@link TestClient} implementations: a request that {@code sender} will execute. */
    public TestRequest(String method, String path, Function<TestRequest, TestResponse> sender) {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/': " + path);
        }
        this.method = method;
        this.path = path;
        this.sender = sender;
    }

    public TestRequest header(String name, String value) {
        headers.add(new String[] {Objects.requireNonNull(name), Objects.requireNonNull(value)});
        return this;
    }

    public TestRequest contentType(String mediaType) {
        return header("content-type", mediaType);
    }

    public TestRequest accept(String mediaTypes) {
        return header("accept", mediaTypes);
    }

    public TestRequest body(String text) {
        return body(text.getBytes(StandardCharsets.UTF_8));
    }

    public TestRequest body(byte[] bytes) {
        this.body = bytes.clone();
        return this;
    }

    /** How long {@link #execute()} waits for the response (default 10 s). */
    public TestRequest timeout(Duration timeout) {
        this.timeout = Objects.requireNonNull(timeout);
        return this;
    }

    /** Sends the request and waits for the whole response. */
    public TestResponse execute() {
        return sender.apply(this);
    }

    public String method() {
        return method;
    }

    public String path() {
        return path;
    }

    /** Header name/value pairs in the order added. */
    public List<String[]> headers() {
        return headers;
    }

    public byte[] body() {
        return body;
    }

    public Duration timeout() {
        return timeout;
    }
}
