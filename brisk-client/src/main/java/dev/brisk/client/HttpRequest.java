package dev.brisk.client;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A request as handed to {@link Interceptor}s and the transport: method, absolute URI, header fields, the body object
 * (encoded when sent) and the settings that apply to it. Treat it as immutable: the {@code with...} methods return
 * changed copies. The client adds {@code Host}, {@code Content-Length} and {@code Content-Type} when sending.
 */
public final class HttpRequest {

    private final HttpMethod method;
    private final URI uri;
    private final HttpHeaders headers;
    private final Object body;
    private final Settings settings;

    /** Per-request settings, resolved against the client's defaults. */
    public record Settings(Duration readTimeout, Duration writeTimeout, Duration callTimeout, boolean followRedirects,
                           int maxRedirects, RetryPolicy retryPolicy) {
        public Settings {
            Objects.requireNonNull(readTimeout, "readTimeout");
            Objects.requireNonNull(writeTimeout, "writeTimeout");
            Objects.requireNonNull(callTimeout, "callTimeout");
            Objects.requireNonNull(retryPolicy, "retryPolicy");
        }
    }

    /**
     * A request; {@code uri} must be absolute ({@code http://host[:port]/...}) and {@code body} may be {@code null}.
     */
    public HttpRequest(HttpMethod method, URI uri, HttpHeaders headers, Object body, Settings settings) {
        this.method = Objects.requireNonNull(method, "method");
        this.uri = Objects.requireNonNull(uri, "uri");
        this.headers = Objects.requireNonNull(headers, "headers");
        this.body = body;
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public HttpMethod method() {
        return method;
    }

    public URI uri() {
        return uri;
    }

    /** The header fields; names compare case-insensitively. */
    public HttpHeaders headers() {
        return headers;
    }

    /** The body object, not yet encoded. */
    public Optional<Object> body() {
        return Optional.ofNullable(body);
    }

    /** The body object or {@code null}; for the transport. */
    public Object bodyOrNull() {
        return body;
    }

    public Settings settings() {
        return settings;
    }

    /** A copy with another method. */
    public HttpRequest withMethod(HttpMethod method) {
        return new HttpRequest(method, uri, headers.copy(), body, settings);
    }

    /** A copy with another absolute URI. */
    public HttpRequest withUri(URI uri) {
        return new HttpRequest(method, uri, headers.copy(), body, settings);
    }

    /** A copy with header {@code name} set to {@code value}, replacing earlier values. */
    public HttpRequest withHeader(CharSequence name, Object value) {
        HttpHeaders copy = headers.copy();
        copy.set(name, value);
        return new HttpRequest(method, uri, copy, body, settings);
    }

    /** A copy without header {@code name}. */
    public HttpRequest withoutHeader(CharSequence name) {
        HttpHeaders copy = headers.copy();
        copy.remove(name);
        return new HttpRequest(method, uri, copy, body, settings);
    }

    /** A copy with another body ({@code null} for none). */
    public HttpRequest withBody(Object body) {
        return new HttpRequest(method, uri, headers.copy(), body, settings);
    }

    /** A copy with other settings. */
    public HttpRequest withSettings(Settings settings) {
        return new HttpRequest(method, uri, headers.copy(), body, settings);
    }

    @Override
    public String toString() {
        return method + " " + uri;
    }
}
