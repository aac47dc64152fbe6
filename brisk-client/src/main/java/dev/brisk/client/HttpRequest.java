package dev.brisk.client;

import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.http.common.Headers;
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
    private final NettyHeaders headers;
    private NettyHeaders readOnlyHeaders;
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
    public HttpRequest(HttpMethod method, URI uri, Headers headers, Object body, Settings settings) {
        this(method, uri, NettyHeaders.copyOf(Objects.requireNonNull(headers, "headers")), body, settings, true);
    }

    /** A request that takes {@code headers} as they are, without a copy: for the request builder. */
    HttpRequest(HttpMethod method, URI uri, NettyHeaders headers, Object body, Settings settings, boolean adopt) {
        this.method = Objects.requireNonNull(method, "method");
        this.uri = Objects.requireNonNull(uri, "uri");
        this.headers = headers;
        this.body = body;
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public HttpMethod method() {
        return method;
    }

    public URI uri() {
        return uri;
    }

    /** The header fields, read-only (change them with {@link #withHeader}); names compare case-insensitively. */
    public Headers headers() {
        NettyHeaders view = readOnlyHeaders;
        if (view == null) {
            view = headers.asReadOnly();
            readOnlyHeaders = view;
        }
        return view;
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
        return new HttpRequest(method, uri, NettyHeaders.copyOf(headers), body, settings, true);
    }

    /** A copy with another absolute URI. */
    public HttpRequest withUri(URI uri) {
        return new HttpRequest(method, uri, NettyHeaders.copyOf(headers), body, settings, true);
    }

    /** A copy with header {@code name} set to {@code value}, replacing earlier values. */
    public HttpRequest withHeader(CharSequence name, Object value) {
        NettyHeaders copy = NettyHeaders.copyOf(headers);
        copy.set(name, String.valueOf(Objects.requireNonNull(value, "value")));
        return new HttpRequest(method, uri, copy, body, settings, true);
    }

    /** A copy without header {@code name}. */
    public HttpRequest withoutHeader(CharSequence name) {
        NettyHeaders copy = NettyHeaders.copyOf(headers);
        copy.remove(name);
        return new HttpRequest(method, uri, copy, body, settings, true);
    }

    /** A copy with another body ({@code null} for none). */
    public HttpRequest withBody(Object body) {
        return new HttpRequest(method, uri, NettyHeaders.copyOf(headers), body, settings, true);
    }

    /** A copy with other settings. */
    public HttpRequest withSettings(Settings settings) {
        return new HttpRequest(method, uri, NettyHeaders.copyOf(headers), body, settings, true);
    }

    @Override
    public String toString() {
        return method + " " + uri;
    }
}
