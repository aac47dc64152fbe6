package dev.brisk.collapse.internal.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;
import dev.brisk.client.StreamedResponse;
import dev.brisk.collapse.internal.DefaultSingleFlight;
import dev.brisk.collapse.internal.FlightCaller;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * One caller of a collapsing client: the future it gets (the client hands it to the caller as is, see
 * {@link Interceptor.CallerFuture}), and the request it sends when it is the first of its key; a response whose key
 * nobody shares goes to its caller as it came. Cancelling it takes this caller out of the shared call; the request is
 * aborted only when every caller of it has left.
 *
 * <p>What a caller receives of a shared response: the caller that sent the request gets the response itself when
 * nobody else waited for it; every other caller gets a {@link CopiedResponse} (its own body array, read-only views of
 * the headers). The body is read into one array before any caller sees the response, so callers on other threads
 * read the same, fully written bytes. A streamed response or one that sets cookies is not shared: the caller that sent
 * the request gets it, the others send their own requests, as they do when the shared call is cancelled while they
 * still wait (by something other than its callers leaving, say an interceptor before this one).
 */
public final class CollapsedCall extends FlightCaller<HttpResponse>
        implements Interceptor.CallerFuture, DefaultSingleFlight.ListenedCall<HttpResponse> {

    private final Interceptor.Chain chain;
    private final HttpRequest request;
    /**
     * Whether this caller's request is the one that went out: written before the request is handed to the client,
     * read on the thread that completes the call, which the hand-over orders after the write.
     */
    private boolean sent;

    public CollapsedCall(Interceptor.Chain chain, HttpRequest request) {
        this.chain = chain;
        this.request = request;
    }

    /** The caller that sends the request waits under that request's own call timeout, not the collapser's. */
    @Override
    protected boolean timedWhenLeading() {
        return false;
    }

    /** Sends the request for this caller and every caller that joins it; {@code flight} is told the outcome. */
    @Override
    public CompletionStage<?> start(BiConsumer<? super HttpResponse, ? super Throwable> flight) {
        sent = true;
        return chain.proceed(request, flight);
    }

    @Override
    protected void receive(HttpResponse response, Throwable failure, int sharers) {
        if (failure != null) {
            if (!sent && failure instanceof CancellationException) {
                sendOwn(); // the caller that sent it gave up; this one still wants it
            } else {
                deliverFailure(failure);
            }
            return;
        }
        if (sent && sharers == 1) {
            deliver(response); // nobody else waited for it: no copy needed
        } else if (shareable(response)) {
            response.bodyAsBytes(); // settles the shared array: the first caller told does it, before any has it
            deliver(new CopiedResponse(response, request));
        } else if (sent) {
            deliver(response);
        } else {
            sendOwn();
        }
    }

    private static boolean shareable(HttpResponse response) {
        return !(response instanceof StreamedResponse) && !response.headers().contains("set-cookie");
    }

    private void sendOwn() {
        try {
            chain.proceed(request, (response, failure) -> {
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
