package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.http.KeyHeaders;
import dev.brisk.collapse.internal.http.RequestKey;
import dev.brisk.collapse.internal.spring.BlockingCall;
import dev.brisk.collapse.internal.spring.SharedResponse;
import dev.brisk.collapse.internal.spring.SpringHeaders;
import org.springframework.core.Ordered;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

import java.io.IOException;
import java.util.Objects;

/**
 * A Spring {@link ClientHttpRequestInterceptor}, for {@code RestClient} and {@code RestTemplate}, that sends concurrent
 * identical GET and HEAD requests once: while a request is in flight, requests with the same key (see
 * {@link HttpCollapseOptions}: method, scheme, host, port, path, query and the key headers, {@code Authorization} and
 * {@code Cookie} among them) wait for its response instead of going out.
 *
 * <pre>{@code
 * RestClient client = RestClient.builder().requestInterceptor(CollapsingRequestInterceptor.create()).build();
 * }</pre>
 *
 * <p>The key is made of the request as this interceptor sees it: put it after every interceptor that adds a header
 * identifying the user (credentials added later are not in the key, and requests of different users would share a
 * response). It is {@link Ordered#LOWEST_PRECEDENCE}, so {@code RestTemplate}, which sorts its interceptors, runs it
 * after the ordered ones; {@code RestClient} runs its interceptors in the order they were added.
 *
 * <p>The request runs on the thread of the caller that sent it, which waits under the client's own timeouts; the
 * callers that joined it wait at most the collapser's timeout ({@link dev.brisk.collapse.SingleFlightOptions#timeout()},
 * then {@link dev.brisk.collapse.CollapseTimeoutException}). Its response is read into memory (at most
 * {@link HttpCollapseOptions#maxResponseSize()} bytes) and closed, and each caller gets a response of its own: status,
 * a copy of the headers, a stream over the body. Requests with a body and other methods are never collapsed; a
 * response that sets a cookie or is larger than that goes to the caller that sent the request (whole, as it came), and
 * the others send their own requests, as they do when that caller's thread is interrupted. Any other failure of the
 * request reaches every caller that waited for it. A caller interrupted while it waits leaves alone with an
 * {@link java.io.InterruptedIOException}.
 */
public final class CollapsingRequestInterceptor implements ClientHttpRequestInterceptor, Ordered {

    private final HttpCollapseOptions options;
    private final DefaultSingleFlight<RequestKey, SharedResponse> flight;
    private final KeyHeaders keyHeaders;

    private CollapsingRequestInterceptor(HttpCollapseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.flight = new DefaultSingleFlight<>(options.singleFlight());
        this.keyHeaders = KeyHeaders.of(options.keyHeaders());
    }

    /** An interceptor with the default options. */
    public static CollapsingRequestInterceptor create() {
        return create(HttpCollapseOptions.DEFAULT);
    }

    /** An interceptor with {@code options}. */
    public static CollapsingRequestInterceptor create(HttpCollapseOptions options) {
        return new CollapsingRequestInterceptor(options);
    }

    /** The options it runs with. */
    public HttpCollapseOptions options() {
        return options;
    }

    /** How many requests went out and how many callers they served. */
    public CollapseStats stats() {
        return flight.stats();
    }

    /** Last: after the interceptors that add headers, so that the key sees them. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        String method = request.getMethod().name();
        if (body.length > 0 || !RequestKey.collapsibleMethod(method)) {
            return execution.execute(request, body);
        }
        RequestKey key = RequestKey.of(method, request.getURI(), SpringHeaders.fields(request.getHeaders()),
                keyHeaders, null);
        return new BlockingCall(request, body, execution, options.maxResponseSize()).run(flight, key);
    }

    @Override
    public String toString() {
        return "CollapsingRequestInterceptor[inFlight=" + flight.inFlight() + ", " + options + "]";
    }
}
