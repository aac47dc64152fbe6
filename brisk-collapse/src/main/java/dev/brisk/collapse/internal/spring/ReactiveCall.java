package dev.brisk.collapse.internal.spring;

import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.FlightCaller;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * One caller of a collapsing {@code ExchangeFilterFunction}: the future its {@code Mono} waits on, and the exchange it
 * starts when it is the first of its key (subscribed with this caller's Reactor context). Cancelling the caller's
 * {@code Mono} cancels this future, which takes the caller out of the shared exchange; the exchange is disposed only
 * when every caller of it has left.
 *
 * <p>The flight shares a {@link SharedExchange} and its callers receive a {@link ClientResponse}: both are values of
 * this future, typed {@code Object}. What a caller receives: a {@link ClientResponse} of its own over the shared bytes (copied, unless it is the sender
 * and nobody else waited). A response that sets a cookie goes to the sender only, unread (released when the sender
 * has left); the others send their own requests, as they do when the shared exchange is cancelled while they still
 * wait (by something other than its callers leaving).
 */
public final class ReactiveCall extends FlightCaller<Object> implements DefaultSingleFlight.ListenedCall<Object> {

    private final ClientRequest request;
    private final ExchangeFunction next;
    private final ContextView context;
    private final int maxResponseSize;
    /** Whether this caller's request is the one that went out: set before the exchange is subscribed. */
    private volatile boolean sent;

    public ReactiveCall(ClientRequest request, ExchangeFunction next, ContextView context, int maxResponseSize) {
        this.request = request;
        this.next = next;
        this.context = context;
        this.maxResponseSize = maxResponseSize;
    }

    /** The caller that sends the request waits under that exchange's own timeouts, not the collapser's. */
    @Override
    protected boolean timedWhenLeading() {
        return false;
    }

    /**
     * Sends the request for this caller and every caller that joins it and reads its response; {@code flight} is told
     * the outcome. The stage returned is cancelled when every caller has left: that disposes the exchange.
     */
    @Override
    public CompletionStage<?> start(BiConsumer<? super Object, ? super Throwable> flight) {
        sent = true;
        Disposable exchange = next.exchange(request)
                .flatMap(response -> SharedExchange.read(response, maxResponseSize))
                .switchIfEmpty(Mono.error(this::noResponse))
                .contextWrite(context)
                .subscribe(shared -> flight.accept(shared, null), failure -> flight.accept(null, failure));
        CompletableFuture<Void> abort = new CompletableFuture<>();
        abort.whenComplete((never, cancelled) -> exchange.dispose()); // only a cancellation completes it
        return abort;
    }

    @Override
    protected void receive(Object shared, Throwable failure, int sharers) {
        SharedExchange exchange = (SharedExchange) shared;
        if (failure != null) {
            if (!sent && failure instanceof CancellationException) {
                sendOwn();
            } else {
                deliverFailure(failure);
            }
        } else if (exchange.shared()) {
            deliver(exchange.newResponse(!sent || sharers != 1));
        } else if (sent) {
            if (!deliver(exchange.original())) {
                release(exchange.original()); // the sender left: nobody reads it
            }
        } else {
            sendOwn();
        }
    }

    private void sendOwn() {
        try {
            Disposable own = next.exchange(request).contextWrite(context).subscribe(response -> {
                if (!complete(response)) {
                    release(response);
                }
            }, this::completeExceptionally, () -> completeExceptionally(noResponse()));
            whenComplete((response, failure) -> {
                if (failure instanceof CancellationException) {
                    own.dispose();
                }
            });
        } catch (Throwable t) {
            completeExceptionally(t);
        }
    }

    private static void release(ClientResponse response) {
        response.releaseBody().subscribe(done -> { }, ignored -> { });
    }

    private IllegalStateException noResponse() {
        return new IllegalStateException("no response for " + request.method() + " " + request.url());
    }
}
