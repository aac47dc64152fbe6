package dev.brisk.client.internal;

import dev.brisk.client.HttpResponse;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;

/**
 * The future handed to the caller; cancelling it aborts the call underneath and closes its connection. It takes the
 * outcome of the interceptor chain as that stage's completion listener.
 */
final class ResponseFuture extends CompletableFuture<HttpResponse> implements BiConsumer<HttpResponse, Throwable> {

    private static final AtomicIntegerFieldUpdater<ResponseFuture> TOLD =
            AtomicIntegerFieldUpdater.newUpdater(ResponseFuture.class, "told");

    private final boolean streamed;
    /** Told the outcome once, by whichever completion wins; null when nobody listens that way. */
    private final BiConsumer<? super HttpResponse, ? super Throwable> listener;
    private volatile Call call;
    private volatile int told;

    ResponseFuture() {
        this(false);
    }

    /** A future for a call whose response body is {@code streamed} rather than read into memory. */
    ResponseFuture(boolean streamed) {
        this(streamed, null);
    }

    /** Also tells {@code listener} (if not null) the outcome, without a dependent stage. */
    ResponseFuture(boolean streamed, BiConsumer<? super HttpResponse, ? super Throwable> listener) {
        this.streamed = streamed;
        this.listener = listener;
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
        if (listener != null && !tell(null, new CancellationException("call cancelled"))) {
            return isCancelled();
        }
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        Call current = call;
        if (cancelled && current != null) {
            current.abort(new CancellationException("call cancelled"));
        }
        return cancelled;
    }

    @Override
    public boolean complete(HttpResponse response) {
        return (listener == null || tell(response, null)) && super.complete(response);
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        return (listener == null || tell(null, failure)) && super.completeExceptionally(failure);
    }

    /**
     * Tells the listener, before the future completes, when this is the first completion: the one that completes it
     * (every completion of this future comes through here first); false for a later one, which must do nothing.
     */
    private boolean tell(HttpResponse response, Throwable failure) {
        if (!TOLD.compareAndSet(this, 0, 1)) {
            return false;
        }
        try {
            listener.accept(response, failure);
        } catch (Throwable ignored) {
            // the listener must not throw; if it does, the future still completes
        }
        return true;
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
