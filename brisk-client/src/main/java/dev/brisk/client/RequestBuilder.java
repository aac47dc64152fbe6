package dev.brisk.client;

import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.client.internal.Credentials;
import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.http.common.Headers;
import dev.brisk.transport.TraceContext;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;

import java.lang.reflect.Array;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * Describes one request, then sends it with {@link #execute()} (asynchronous) or {@link #send()} (blocking). Not
 * thread-safe; use each builder once.
 *
 * <p>Bodies ({@link #body(Object)}) are encoded when the call starts: {@link CharSequence} as text (sent as-is, in the
 * {@code Content-Type} charset, default {@code text/plain; charset=utf-8}), {@code byte[]} and
 * {@link io.netty.buffer.ByteBuf} as bytes ({@code application/octet-stream}; a buffer is released by the client),
 * {@link java.io.File} and {@link java.nio.file.Path} streamed from disk, {@link java.io.InputStream} sent chunked
 * (read on the event loop, so it should not block; it cannot be replayed for retries or 307/308), {@link Multipart}
 * as {@code multipart/form-data} (the client adds the boundary to {@code Content-Type}; stream parts are read when the
 * call starts, large ones into a temporary file deleted when the call ends; replayed for retries and 307/308),
 * {@link Form} as {@code application/x-www-form-urlencoded} (UTF-8), and any other object through the client's codecs
 * as the {@code Content-Type} (default {@code application/json}). A {@code Content-Type} set for a {@code Multipart}
 * or {@code Form} body must be that body's type, else the call fails with {@link IllegalArgumentException}.
 */
public final class RequestBuilder {

    private final ClientRuntime runtime;
    private final HttpRequest.Settings defaults;
    private final HttpMethod method;
    private final String url;
    private final URI parsed;
    private final NettyHeaders headers = NettyHeaders.create();
    private StringBuilder query;
    private StringBuilder cookies;
    private Object body;
    private Duration readTimeout;
    private Duration writeTimeout;
    private Duration callTimeout;
    private Boolean followRedirects;
    private Integer maxRedirects;
    private RetryPolicy retryPolicy;
    /** The trace to send; null: the calling thread's current one, when {@link #propagateTrace} is true. */
    private TraceContext trace;
    private boolean propagateTrace = true;

    RequestBuilder(ClientRuntime runtime, HttpRequest.Settings defaults, HttpMethod method, String url) {
        this.runtime = runtime;
        this.defaults = defaults;
        this.method = method;
        this.url = url;
        this.parsed = null;
    }

    /** A request to {@code uri}, absolute with a host (checked by the caller). */
    RequestBuilder(ClientRuntime runtime, HttpRequest.Settings defaults, HttpMethod method, URI uri) {
        this.runtime = runtime;
        this.defaults = defaults;
        this.method = method;
        this.url = uri.toString();
        this.parsed = uri;
    }

    /** Adds a header field (repeat the call for several values). */
    public RequestBuilder header(CharSequence name, Object value) {
        headers.add(name, String.valueOf(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * Adds a query parameter; name and value are percent-encoded (UTF-8). A {@code null} value sends the name alone
     * ({@code ?flag}); an {@link Iterable} or an array sends the name once per element ({@code ?id=1&id=2}, nothing
     * when empty), each element by the same rules; any other value is sent as its {@code toString()}.
     */
    public RequestBuilder query(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (value instanceof Iterable<?> values) {
            for (Object element : values) {
                appendQuery(name, element);
            }
        } else if (value != null && value.getClass().isArray()) {
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                appendQuery(name, Array.get(value, i));
            }
        } else {
            appendQuery(name, value);
        }
        return this;
    }

    /** Adds every entry of {@code parameters} as {@link #query(String, Object)} does, in the map's order. */
    public RequestBuilder query(Map<String, ?> parameters) {
        Objects.requireNonNull(parameters, "parameters").forEach(this::query);
        return this;
    }

    private void appendQuery(String name, Object value) {
        if (query == null) {
            query = new StringBuilder(32);
        } else {
            query.append('&');
        }
        query.append(encode(name));
        if (value != null) {
            query.append('=').append(encode(String.valueOf(value)));
        }
    }

    /** Adds a cookie to the {@code Cookie} header. */
    public RequestBuilder cookie(String name, String value) {
        if (name.isEmpty() || name.chars().anyMatch(c -> c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0)) {
            throw new IllegalArgumentException("invalid cookie name: \"" + name + "\"");
        }
        if (value.chars().anyMatch(c -> c < 0x21 || c > 0x7e || c == '"' || c == ',' || c == ';' || c == '\\')) {
            throw new IllegalArgumentException("invalid cookie value for " + name + ": \"" + value + "\"");
        }
        if (cookies == null) {
            cookies = new StringBuilder(32);
        } else {
            cookies.append("; ");
        }
        cookies.append(name).append('=').append(value);
        return this;
    }

    /**
     * Sends {@code Authorization: Basic ...} ({@code user:password} in UTF-8, Base64), replacing the client's default;
     * not sent on to another origin when a redirect leads there.
     */
    public RequestBuilder basicAuth(String user, String password) {
        headers.set(HttpHeaderNames.AUTHORIZATION, Credentials.basic(user, password));
        return this;
    }

    /** Sends {@code Authorization: Bearer token}, replacing the client's default; see {@link #basicAuth}. */
    public RequestBuilder bearerAuth(String token) {
        headers.set(HttpHeaderNames.AUTHORIZATION, Credentials.bearer(token));
        return this;
    }

    /** Sets {@code Content-Type}, which also picks the codec for an object body. */
    public RequestBuilder contentType(String contentType) {
        headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        return this;
    }

    /** Sets {@code Accept}. */
    public RequestBuilder accept(String accept) {
        headers.set(HttpHeaderNames.ACCEPT, accept);
        return this;
    }

    /** The body; see the class description for how each type is sent. */
    public RequestBuilder body(Object body) {
        this.body = body;
        return this;
    }

    /** Overrides the client's read timeout for this request (zero for none). */
    public RequestBuilder readTimeout(Duration readTimeout) {
        this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout");
        return this;
    }

    /** Overrides the client's write timeout for this request (zero for none). */
    public RequestBuilder writeTimeout(Duration writeTimeout) {
        this.writeTimeout = Objects.requireNonNull(writeTimeout, "writeTimeout");
        return this;
    }

    /** Overrides the client's call timeout for this request (zero for none). */
    public RequestBuilder timeout(Duration callTimeout) {
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
        return this;
    }

    /** Overrides whether redirects are followed. */
    public RequestBuilder followRedirects(boolean followRedirects) {
        this.followRedirects = followRedirects;
        return this;
    }

    /** Overrides the number of redirects followed. */
    public RequestBuilder maxRedirects(int maxRedirects) {
        if (maxRedirects < 0) {
            throw new IllegalArgumentException("maxRedirects must be >= 0: " + maxRedirects);
        }
        this.maxRedirects = maxRedirects;
        return this;
    }

    /** Overrides the retry policy. */
    public RequestBuilder retryPolicy(RetryPolicy retryPolicy) {
        this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
        return this;
    }

    /**
     * Sends {@code trace} as this request's {@code traceparent} (and {@code tracestate}) headers, instead of the
     * calling thread's {@link TraceContext#current() current} trace, which is sent by default.
     * A {@code traceparent} header set explicitly wins over both.
     */
    public RequestBuilder trace(TraceContext trace) {
        this.trace = Objects.requireNonNull(trace, "trace must not be null");
        this.propagateTrace = true;
        return this;
    }

    /**
     * Whether to send a trace context: the one given to {@link #trace}, else the calling thread's current one (a
     * request served with tracing on, or a scope the application opened); default true. False keeps trace ids from
     * leaving, e.g. towards third parties.
     */
    public RequestBuilder propagateTrace(boolean propagateTrace) {
        this.propagateTrace = propagateTrace;
        return this;
    }

    /**
     * The request as described so far.
     *
     * @throws IllegalArgumentException when the URL is not an absolute {@code http} URL
     */
    public HttpRequest build() {
        URI target = uri();
        if (cookies != null) {
            headers.set(HttpHeaderNames.COOKIE, cookies.toString());
        }
        if (propagateTrace) {
            TraceContext sent = trace != null ? trace : TraceContext.currentOrNull();
            if (sent != null && !headers.contains(TraceContext.TRACEPARENT)) {
                headers.set(TraceContext.TRACEPARENT, sent.traceparent());
                if (!sent.traceState().isEmpty()) {
                    headers.set(TraceContext.TRACESTATE, sent.traceState());
                }
            }
        }
        Headers defaultHeaders = runtime.options().defaultHeaders();
        if (!defaultHeaders.isEmpty()) {
            HttpHeaders fields = headers.netty();
            defaultHeaders.forEach((name, value) -> {
                if (!fields.contains(name)) {
                    fields.add(name, value);
                }
            });
        }
        HttpRequest.Settings settings = defaults;
        if (readTimeout != null || writeTimeout != null || callTimeout != null || followRedirects != null
                || maxRedirects != null || retryPolicy != null) {
            settings = new HttpRequest.Settings(
                    readTimeout != null ? readTimeout : defaults.readTimeout(),
                    writeTimeout != null ? writeTimeout : defaults.writeTimeout(),
                    callTimeout != null ? callTimeout : defaults.callTimeout(),
                    followRedirects != null ? followRedirects : defaults.followRedirects(),
                    maxRedirects != null ? maxRedirects : defaults.maxRedirects(),
                    retryPolicy != null ? retryPolicy : defaults.retryPolicy());
        }
        return new HttpRequest(method, target, headers, body, settings, true);
    }

    /** Sends the request; the stage completes on the connection's event loop, so do not block in callbacks. */
    public CompletionStage<HttpResponse> execute() {
        HttpRequest request;
        try {
            request = build();
        } catch (RuntimeException e) {
            runtime.discardBody(body);
            return CompletableFuture.failedFuture(e);
        }
        return runtime.execute(request);
    }

    /**
     * Sends the request and decodes a 2xx response's body into {@code type} (see {@link HttpResponse#bodyAs(Class)};
     * {@code Void} gives {@code null}). Any other status fails the stage with {@link UnexpectedStatusException}, which
     * holds status, headers and body; a body that does not decode fails it with
     * {@link dev.brisk.codec.CodecException}. The stage fails with these exceptions themselves (not wrapped), and
     * completes on the connection's event loop.
     */
    public <T> CompletionStage<T> retrieve(Class<T> type) {
        Objects.requireNonNull(type, "type");
        return retrieved(response -> type == Void.class ? null : response.bodyAs(type));
    }

    /** As {@link #retrieve(Class)}, for a generic type: {@code retrieve(new TypeRef<List<User>>() {})}. */
    public <T> CompletionStage<T> retrieve(TypeRef<T> type) {
        Objects.requireNonNull(type, "type");
        return retrieved(response -> response.bodyAs(type));
    }

    private <T> CompletionStage<T> retrieved(Function<HttpResponse, T> decode) {
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture<HttpResponse> call = execute().toCompletableFuture();
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                call.cancel(true);
            }
        });
        call.whenComplete((response, failure) -> {
            if (failure != null) {
                result.completeExceptionally(failure instanceof CompletionException
                        && failure.getCause() != null ? failure.getCause() : failure);
                return;
            }
            try {
                result.complete(decode.apply(response.ensureSuccess()));
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /**
     * Sends the request for a response whose body is read as it arrives, with backpressure: the stage completes when
     * status and headers are in, on the connection's event loop. Redirects that are followed are read whole, as
     * usual. The response must be read to its end or closed.
     */
    public CompletionStage<StreamedResponse> executeStreamed() {
        HttpRequest request;
        try {
            request = build();
        } catch (RuntimeException e) {
            runtime.discardBody(body);
            return CompletableFuture.failedFuture(e);
        }
        return runtime.executeStreamed(request);
    }

    /**
     * Sends the request and waits for the response; fine on virtual threads (it parks, holds no monitor). Must not be
     * called on one of the client's event loop threads.
     *
     * @throws HttpClientException (or a subclass) when the call fails
     * @throws java.util.concurrent.CancellationException when the call was cancelled
     */
    public HttpResponse send() {
        checkMayBlock("send()", "execute()");
        return await(execute().toCompletableFuture());
    }

    /**
     * Sends the request and waits for status and headers; the body is then read from the returned response as it
     * arrives (see {@link #executeStreamed()}). Must not be called on one of the client's event loop threads.
     *
     * @throws HttpClientException (or a subclass) when the call fails
     */
    public StreamedResponse sendStreamed() {
        checkMayBlock("sendStreamed()", "executeStreamed()");
        return await(executeStreamed().toCompletableFuture());
    }

    private void checkMayBlock(String method, String alternative) {
        if (runtime.inEventLoop()) {
            throw new IllegalStateException(method + " would block an event loop thread: use " + alternative);
        }
    }

    private <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            boolean sent = ClientRuntime.mayHaveSent(future);
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new HttpClientException(null, "interrupted while waiting for " + method + " "
                    + Credentials.redact(url) + (sent ? "" : ", before the request was sent"), e, sent);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new HttpClientException(null, method + " " + Credentials.redact(url) + " failed: " + cause, cause);
        }
    }

    private URI uri() {
        URI uri;
        if (parsed != null && query == null) {
            uri = parsed;
        } else {
            String text = url;
            if (query != null) {
                int hash = text.indexOf('#');
                if (hash >= 0) {
                    text = text.substring(0, hash);
                }
                text = text + (text.indexOf('?') >= 0 ? '&' : '?') + query;
            }
            try {
                uri = new URI(text);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("invalid URL \"" + Credentials.redact(text) + "\": "
                        + e.getReason() + " at index " + e.getIndex(), null);
            }
            if (!uri.isAbsolute()) {
                uri = resolve(runtime.options(), uri, text);
            }
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("URL must be absolute with a host: \"" + Credentials.redact(uri.toString())
                    + "\"");
        }
        if (uri.getRawUserInfo() != null) {
            if (!headers.contains(HttpHeaderNames.AUTHORIZATION)) {
                headers.set(HttpHeaderNames.AUTHORIZATION, Credentials.basicOf(uri));
            }
            uri = Credentials.withoutUserInfo(uri);
        }
        return uri;
    }

    /** {@code uri}, relative, resolved against the client's base URI. */
    static URI resolve(ClientOptions options, URI uri, String text) {
        URI base = options.baseUri().orElseThrow(() -> new IllegalArgumentException("relative URL \""
                + Credentials.redact(text) + "\" needs a base URI: set BriskClient.Builder.baseUri(...) or use an"
                + " absolute URL"));
        return base.resolve(uri);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
