package dev.brisk.client.internal;

import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamedResponse;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The caller's future of a streamed call: completes with the call's response seen as a {@link StreamedResponse};
 * cancelling it cancels the call. A response that arrives after the caller stopped waiting is closed, so its
 * connection is not held.
 */
final class StreamedResponseFuture extends CompletableFuture<StreamedResponse> {

    private final CompletableFuture<HttpResponse> call;

    /** The call underneath. */
    CompletableFuture<HttpResponse> call() {
        return call;
    }

    StreamedResponseFuture(CompletableFuture<HttpResponse> call) {
        this.call = call;
        call.whenComplete((response, failure) -> {
            if (failure != null) {
                completeExceptionally(failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure);
                return;
            }
            StreamedResponse streamed = InMemoryStreamedResponse.of(response);
            if (!complete(streamed)) {
                streamed.close();
            }
        });
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled) {
            call.cancel(mayInterruptIfRunning);
        }
        return cancelled;
    }
}
