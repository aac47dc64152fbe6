package dev.brisk.collapse.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;
import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.client.CollapsedCall;
import dev.brisk.collapse.internal.http.KeyHeaders;
import dev.brisk.collapse.internal.http.RequestKey;

import java.util.Objects;
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
 * <p>Requests share a call only when their settings (timeouts, redirects, retries) are equal too, so a caller that
 * joins gets what its own request would have: the shared call runs with the same settings. The caller whose request
 * went out waits under that request's own call timeout; a caller that joined waits at most the collapser's timeout
 * ({@link dev.brisk.collapse.SingleFlightOptions#timeout()}) as well.
 *
 * <p>Each caller gets a response object of its own, with every header and trailer of the shared response and its own
 * copy of the body. Requests with a body, other methods, streamed calls, and responses that set cookies are never
 * shared: the callers that waited for such a response send their own requests. A failure of the shared call reaches
 * every caller that waited for it. A caller that cancels its future leaves alone, whether it sent the request or
 * joined it: the request goes on for the others and is aborted only when every caller of it has cancelled.
 *
 * <p>It runs after the interceptors of lower {@link #order()} (default 1,000,000), so it sees the headers they add.
 */
public final class CollapsingInterceptor implements Interceptor {

    /** The default position: after ordinary interceptors, so that the key sees the headers they add. */
    public static final int DEFAULT_ORDER = 1_000_000;

    private final HttpCollapseOptions options;
    private final int order;
    private final DefaultSingleFlight<RequestKey, HttpResponse> flight;
    private final KeyHeaders keyHeaders;

    private CollapsingInterceptor(HttpCollapseOptions options, int order) {
        this.options = Objects.requireNonNull(options, "options");
        this.order = order;
        this.flight = new DefaultSingleFlight<>(options.singleFlight());
        this.keyHeaders = KeyHeaders.of(options.keyHeaders());
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
        RequestKey key = RequestKey.of(request.method().name(), request.uri(), request.headers()::forEach,
                keyHeaders, request.settings());
        CollapsedCall call = new CollapsedCall(chain, request);
        return flight.execute(key, call, call); // the caller's future is its call, and its flight when it leads
    }

    private static boolean collapsible(HttpRequest request) {
        return RequestKey.collapsibleMethod(request.method().name()) && request.bodyOrNull() == null;
    }
}
