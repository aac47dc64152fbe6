package dev.brisk.rest.internal;

import dev.brisk.rest.CompletedRequest;
import dev.brisk.rest.RequestObserver;

import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * One observed request: notes when the pipeline received it and tells the observer once its response has been
 * written. Exists only on servers with an observer.
 */
final class Observation implements BiConsumer<Void, Throwable> {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final RequestObserver observer;
    private final DefaultRequestContext ctx;

    private Observation(RequestObserver observer, DefaultRequestContext ctx) {
        this.observer = observer;
        this.ctx = ctx;
    }

    /** Starts observing {@code ctx}; call on the request's event loop, before its response can end. */
    static void begin(RequestObserver observer, DefaultRequestContext ctx) {
        ctx.request().response().completion().whenComplete(new Observation(observer, ctx));
    }

    @Override
    public void accept(Void done, Throwable writeFailure) {
        long duration = System.nanoTime() - ctx.startNanos;
        Throwable error = ctx.failure() != null ? ctx.failure() : writeFailure;
        try {
            observer.completed(new CompletedRequest(ctx, Optional.ofNullable(ctx.compiledRoute()),
                    ctx.request().response().status(), duration, Optional.ofNullable(error)));
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "request observer " + observer + " failed: " + t, t);
        }
    }
}
