package dev.brisk.rpc.internal;

import java.lang.reflect.Type;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

/** A call sent on a connection and awaiting its answer. */
final class PendingCall {

    final int requestId;
    final Type resultType;
    final CompletableFuture<Object> future = new CompletableFuture<>();
    volatile ScheduledFuture<?> timer;
    /** Set once the call's frame was written: before that, a lost connection means the server never had it. */
    volatile boolean written;

    PendingCall(int requestId, Type resultType) {
        this.requestId = requestId;
        this.resultType = resultType;
    }

    void complete(Object value) {
        cancelTimer();
        future.complete(value);
    }

    void fail(Throwable failure) {
        cancelTimer();
        future.completeExceptionally(failure);
    }

    private void cancelTimer() {
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
    }
}
