package dev.brisk.rest.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.support.Problems;
import io.netty.buffer.ByteBufUtil;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/**
 * The timeout of one request and how its handler learns of it: a flag, callbacks, an interrupt of the handler's
 * thread while it runs on the worker pool or a virtual thread (never an event loop), and the cancellation of the
 * {@code CompletionStage} it returned.
 */
final class RequestCancellation {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final DefaultRequestContext ctx;
    private final Duration timeout;
    private volatile boolean cancelled;
    /** Guarded by this. */
    private List<Runnable> callbacks;
    private Thread runner;
    private boolean interrupted;
    private volatile Future<?> timer;

    RequestCancellation(DefaultRequestContext ctx, Duration timeout) {
        this.ctx = ctx;
        this.timeout = timeout;
    }

    void timer(Future<?> timer) {
        this.timer = timer;
    }

    boolean cancelled() {
        return cancelled;
    }

    /** The response is complete or broke off: the timer is no longer needed; a broken off request is cancelled. */
    void ended(Throwable error) {
        Future<?> pending = timer;
        if (pending != null) {
            pending.cancel(false);
        }
        if (error != null) {
            cancel();
        }
    }

    /**
     * The exchange now has a deadline of its own (an event stream opened with its own timeout): the request's timeout
     * no longer applies to it. Cancellation when the client goes stays.
     */
    void disarm() {
        Future<?> pending = timer;
        if (pending != null) {
            pending.cancel(false);
        }
    }

    /** The timeout fired: answers 503 unless the response has started (then aborts it), and cancels the handler. */
    void expire() {
        if (!markCancelled()) {
            return;
        }
        ServerResponse response = ctx.request().response();
        String detail = "the request was not answered within " + timeout.toMillis() + " ms";
        try {
            if (!response.isCommitted()) {
                ctx.markResponded();
                response.headers().remove("content-length");
                response.status(503);
                response.header("content-type", "application/problem+json");
                response.send(ByteBufUtil.writeUtf8(ctx.request().allocator(),
                        Problems.json(503, detail, ctx.request().path(), List.of())));
            } else if (!response.isEnded()) {
                response.abort(new TimeoutException(detail));
            }
        } catch (RuntimeException raced) {
            // the handler answered at the same moment: its response stands
            LOG.log(System.Logger.Level.DEBUG, () -> "timeout of " + ctx.request().uri() + " met its answer: " + raced);
        }
        // told only now, so that what the handler does on being cancelled cannot answer before the 503
        notifyCancelled();
    }

    private void cancel() {
        if (markCancelled()) {
            notifyCancelled();
        }
    }

    /** Marks the request cancelled; false when it already was. A handler not started yet will not start. */
    private synchronized boolean markCancelled() {
        if (cancelled) {
            return false;
        }
        cancelled = true;
        return true;
    }

    /** Interrupts a running handler and runs the callbacks. */
    private void notifyCancelled() {
        List<Runnable> toRun;
        synchronized (this) {
            if (runner != null) {
                interrupted = true;
                runner.interrupt();
            }
            toRun = callbacks;
            callbacks = null;
        }
        if (toRun != null) {
            for (Runnable callback : toRun) {
                run(callback);
            }
        }
    }

    void onCancel(Runnable callback) {
        synchronized (this) {
            if (!cancelled) {
                if (callbacks == null) {
                    callbacks = new ArrayList<>(2);
                }
                callbacks.add(callback);
                return;
            }
        }
        run(callback);
    }

    private void run(Runnable callback) {
        try {
            callback.run();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "cancellation callback of " + ctx.request().uri() + " failed: " + t, t);
        }
    }

    /**
     * The handler is about to run on the current thread; false when the request was cancelled already (it waited
     * past its timeout in a queue). With {@code interruptible} the thread is interrupted if the timeout fires.
     */
    boolean enter(boolean interruptible) {
        synchronized (this) {
            if (cancelled) {
                return false;
            }
            if (interruptible) {
                runner = Thread.currentThread();
            }
            return true;
        }
    }

    /** The handler returned: no more interrupts; one that was meant for it is cleared from the thread. */
    void leave() {
        boolean clear;
        synchronized (this) {
            clear = interrupted && runner == Thread.currentThread();
            runner = null;
        }
        if (clear) {
            Thread.interrupted();
        }
    }
}
