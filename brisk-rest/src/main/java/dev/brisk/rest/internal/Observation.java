package dev.brisk.rest.internal;

import dev.brisk.rest.internal.observe.AccessLogEntry;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;

import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * One observed request: once its response has been written, ends its access log line and tells the observer, with
 * one clock read and one completion listener for both. Exists only on servers with an observer or an access log.
 */
final class Observation implements BiConsumer<Void, Throwable> {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final RequestObserver observer;
    private final AccessLogEntry logged;
    private final DefaultRequestContext ctx;

    private Observation(RequestObserver observer, AccessLogEntry logged, DefaultRequestContext ctx) {
        this.observer = observer;
        this.logged = logged;
        this.ctx = ctx;
    }

    /**
     * Starts observing {@code ctx} for {@code observer} and the access log line {@code logged} (either may be null);
     * call on the request's event loop, before its response can end.
     */
    static void begin(RequestObserver observer, AccessLogEntry logged, DefaultRequestContext ctx) {
        ctx.request().response().whenWritten(new Observation(observer, logged, ctx));
    }

    @Override
    public void accept(Void done, Throwable writeFailure) {
        long now = System.nanoTime();
        if (logged != null) {
            logged.ended(now);
        }
        if (observer != null) {
            tell(now - ctx.startNanos, writeFailure);
        }
    }

    private void tell(long duration, Throwable writeFailure) {
        Throwable error = ctx.failure() != null ? ctx.failure() : writeFailure;
        try {
            observer.completed(new CompletedRequest(ctx, Optional.ofNullable(ctx.compiledRoute()),
                    ctx.request().response().status(), duration, Optional.ofNullable(error)));
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "request observer " + observer + " failed: " + t, t);
        }
    }
}
