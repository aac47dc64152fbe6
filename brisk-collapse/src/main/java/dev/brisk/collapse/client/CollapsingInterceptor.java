package dev.brisk.collapse.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;
import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.internal.client.SharedResponse;
import dev.brisk.collapse.internal.http.RequestKey;

import java.net.URI;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * A brisk-client {@link Interceptor} that sends concurrent identical GET and HEAD requests once: while a request is in
 * flight, requests with the same key (see {@link HttpCollapseOptions}: method, scheme, host, port, path, query and the
 * key headers, {@code Authorization} and {@code Cookie} among them) wait for its response instead of going out.
 *
 * <pre>{@code
 * BriskClient client = BriskClient.builder().interceptor(CollapsingInterceptor.create()).build();
 * }</pre>
 *
 * <p>Each caller gets a response object of its own, with every header and trailer of the shared response and its own
 * copy of the body. Requests with a body, other methods, streamed calls, and responses that set cookies are never
 * shared: the callers that waited for such a response send their own requests. A failure of the shared call reaches
 * every caller that waited for it; a caller whose shared call was cancelled by the caller that sent it sends its own.
 *
 * <p>It runs after the interceptors of lower {@link #order()} (default 1,000,000), so it sees the headers they add.
 */
public final class CollapsingInterceptor implements Interceptor {

    /** The default position: after ordinary interceptors, so that the key sees the headers they add. */
    public static final int DEFAULT_ORDER = 1_000_000;

    private final HttpCollapseOptions options;
    private final int order;
    private final SingleFlight<RequestKey, SharedResponse> flight;

    private CollapsingInterceptor(HttpCollapseOptions options, int order) {
        this.options = Objects.requireNonNull(options, "options");
        this.order = order;
        this.flight = SingleFlight.create(options.singleFlight());
    }

    /** An interceptor with the default options. */
    public static CollapsingInterceptor create() {
        return create(HttpCollapseOptions.DEFAULT);
    }

    /** An interceptor with {@code options}, at the default order. */
    public static CollapsingInterceptor create(HttpCollapseOptions options) {
        return create(options, DEFAULT_ORDER);
    }

    /** An interceptor with {@code options} at position {@code order} of the client's chain. */
    public static CollapsingInterceptor create(HttpCollapseOptions options, int order) {
        return new CollapsingInterceptor(options, order);
    }

    @Override
    public int order() {
        return order;
    }

    /** The options it runs with. */
    public HttpCollapseOptions options() {
        return options;
    }

    /** How many requests went out and how many callers they served. */
    public CollapseStats stats() {
        return flight.stats();
    }

    @Override
    public CompletionStage<HttpResponse> intercept(Chain chain) {
        HttpRequest request = chain.request();
        if (!collapsible(request)) {
            return chain.proceed(request);
        }
        URI uri = request.uri();
        String scheme = uri.getScheme() == null ? "http" : uri.getScheme();
        int port = uri.getPort() < 0 ? RequestKey.defaultPort(scheme) : uri.getPort();
        RequestKey key = RequestKey.of(request.method().name(), scheme, String.valueOf(uri.getHost()), port,
                uri.getRawPath(), uri.getRawQuery(), request.headers(), options.keyHeaders());
        Attempt attempt = new Attempt(chain, request);
        flight.execute(key, () -> {
            attempt.sent = true;
            return chain.proceed(request).handle((response, failure) -> {
                if (failure == null) {
                    return SharedResponse.of(response);
                }
                if (attempt.isCancelled()) {
                    // however the aborted exchange failed (cancelled, connection closed), the others still want it
                    throw new CancellationException("the caller that sent the shared request cancelled it");
                }
                throw failure instanceof CompletionException completion ? completion
                        : new CompletionException(failure);
            });
        }).whenComplete(attempt);
        return attempt;
    }

    private static boolean collapsible(HttpRequest request) {
        String method = request.method().name();
        return ("GET".equals(method) || "HEAD".equals(method)) && request.bodyOrNull() == null;
    }

    /** One caller's part in a shared call: whether it sent the request, and the response it gets. */
    private static final class Attempt extends CompletableFuture<HttpResponse>
            implements java.util.function.BiConsumer<SharedResponse, Throwable> {
        private final Chain chain;
        private final HttpRequest request;
        volatile boolean sent;

        Attempt(Chain chain, HttpRequest request) {
            this.chain = chain;
            this.request = request;
        }

        @Override
        public void accept(SharedResponse shared, Throwable failure) {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                if (!sent && cause instanceof CancellationException) {
                    sendOwn(); // the caller that sent it gave up; this one still wants it
                } else {
                    completeExceptionally(cause);
                }
            } else if (sent && shared.alone()) {
                complete(shared.original()); // nobody else waited for it: no copy needed
            } else if (shared.shareable()) {
                complete(shared.copyFor(request));
            } else if (sent) {
                complete(shared.original());
            } else {
                sendOwn();
            }
        }

        private void sendOwn() {
            try {
                chain.proceed(request).whenComplete((response, failure) -> {
                    if (failure != null) {
                        completeExceptionally(failure);
                    } else {
                        complete(response);
                    }
                });
            } catch (Throwable t) {
                completeExceptionally(t);
            }
        }
    }
}
