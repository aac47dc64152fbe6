package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.http.KeyHeaders;
import dev.brisk.collapse.internal.http.RequestKey;
import dev.brisk.collapse.internal.spring.ReactiveCall;
import dev.brisk.collapse.internal.spring.SharedExchange;
import dev.brisk.collapse.internal.spring.SpringHeaders;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Mono;

import java.util.Objects;

/**
 * A Spring {@link ExchangeFilterFunction}, for {@code WebClient}, that sends concurrent identical GET and HEAD requests
 * once: while a request is in flight, requests with the same key (see {@link HttpCollapseOptions}: method, scheme,
 * host, port, path, query and the key headers, {@code Authorization} and {@code Cookie} among them, the request's
 * cookies counting as a {@code Cookie} header) wait for its response instead of going out.
 *
 * <pre>{@code
 * WebClient client = WebClient.builder().filter(CollapsingExchangeFilter.create()).build();
 * }</pre>
 *
 * <p>The key is made of the request as this filter sees it: a {@code WebClient} runs its filters in the order they
 * were added, so add it after every filter that adds a header identifying the user (credentials added later are not
 * in the key, and requests of different users would share a response).
 *
 * <p>The exchange starts when the first caller subscribes, with that caller's Reactor context, and runs under the
 * client's own timeouts; the callers that joined it wait at most the collapser's timeout
 * ({@link dev.brisk.collapse.SingleFlightOptions#timeout()}, then {@link dev.brisk.collapse.CollapseTimeoutException}).
 * Its response body is read into memory (more than {@link HttpCollapseOptions#maxResponseSize()} bytes fail the
 * exchange for its callers with {@code DataBufferLimitException}) and each caller gets a {@link ClientResponse} of its
 * own: status, a copy of the headers, its own copy of the body. Requests with a body and other methods are never
 * collapsed; a response that sets a cookie goes to the caller that sent the request (unread, as it came), and the
 * others send their own requests. A failure of the exchange reaches every caller that waited for it. A caller that
 * cancels its subscription leaves alone, whether it sent the request or joined it: the exchange goes on for the others
 * and is disposed only when every caller of it has cancelled.
 */
public final class CollapsingExchangeFilter implements ExchangeFilterFunction {

    private final HttpCollapseOptions options;
    /** Shares a {@link SharedExchange}, and hands each caller a {@link ClientResponse} (see {@link ReactiveCall}). */
    private final DefaultSingleFlight<RequestKey, Object> flight;
    private final KeyHeaders keyHeaders;

    private CollapsingExchangeFilter(HttpCollapseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.flight = new DefaultSingleFlight<>(options.singleFlight());
        this.keyHeaders = KeyHeaders.of(options.keyHeaders());
    }

    /** A filter with the default options. */
    public static CollapsingExchangeFilter create() {
        return create(HttpCollapseOptions.DEFAULT);
    }

    /** A filter with {@code options}. */
    public static CollapsingExchangeFilter create(HttpCollapseOptions options) {
        return new CollapsingExchangeFilter(options);
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
    public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
        String method = request.method().name();
        if (request.body() != BodyInserters.empty() || !RequestKey.collapsibleMethod(method)) {
            return next.exchange(request);
        }
        return Mono.deferContextual(context -> {
            RequestKey key = RequestKey.of(method, request.url(),
                    SpringHeaders.fields(request.headers(), request.cookies()), keyHeaders, null);
            ReactiveCall call = new ReactiveCall(request, next, context, options.maxResponseSize());
            return Mono.fromFuture(flight.execute(key, call, call), false);
        }).map(ClientResponse.class::cast);
    }

    @Override
    public String toString() {
        return "CollapsingExchangeFilter[inFlight=" + flight.inFlight() + ", " + options + "]";
    }
}
