package dev.brisk.client.internal;

import dev.brisk.client.HttpResponse;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

/**
 * The future handed to the caller; cancelling it aborts the call underneath and closes its connection. It takes the
 * outcome of the interceptor chain as that stage's completion listener.
 */
final class ResponseFuture extends CompletableFuture<HttpResponse> implements BiConsumer<HttpResponse, Throwable> {

    private final boolean streamed;
    private volatile Call call;

    ResponseFuture() {
        this(false);
    }

    /** A future for a call whose response body is {@code streamed} rather than read into memory. */
    ResponseFuture(boolean streamed) {
        this.streamed = streamed;
    }

    boolean streamed() {
        return streamed;
    }

    /** Links the call that currently serves this future. */
    void attach(Call call) {
        this.call = call;
        if (isCancelled()) {
            call.abort(new CancellationException("call cancelled"));
        }
    }

    /** Whether the call has handed its request to a connection, so bytes of it may have reached the server. */
    boolean mayHaveSent() {
        Call current = call;
        return current != null && current.mayHaveSent();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        Call current = call;
        if (cancelled && current != null) {
            current.abort(new CancellationException("call cancelled"));
        }
        return cancelled;
    }

    /** The interceptor chain's outcome: the caller's, with a {@link CompletionException} unwrapped. */
    @Override
    public void accept(HttpResponse response, Throwable failure) {
        if (failure != null) {
            completeExceptionally(failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure);
        } else {
            complete(response);
        }
    }
}
