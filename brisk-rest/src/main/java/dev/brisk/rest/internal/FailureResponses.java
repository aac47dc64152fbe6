package dev.brisk.rest.internal;

import dev.brisk.codec.CodecException;
import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.NoRouteException;

/**
 * Answers a request's failure: the application's exception handler if one matches, else an RFC 9457 problem (400 for
 * constraint violations and undecodable bodies, the status of an {@link HttpStatusException}, else 500, logged).
 */
final class FailureResponses {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final ExceptionHandlers exceptionHandlers;
    private final ProblemResponses problems;

    FailureResponses(ExceptionHandlers exceptionHandlers, ProblemResponses problems) {
        this.exceptionHandlers = exceptionHandlers;
        this.problems = problems;
    }

    /**
     * Answers a request outside the context path: a 404 problem that no exception handler sees, as a servlet container
     * answers a path outside the application (and nothing is logged: it is the client's mistake).
     */
    void outsideContext(DefaultRequestContext ctx) {
        problems.send(ctx, 404, "no route for " + ctx.request().path(), false);
    }

    /**
     * Answers {@code error}, the failure of {@code ctx}'s request. Once the head has been sent nothing can be answered
     * any more: the response is aborted.
     */
    void fail(DefaultRequestContext ctx, Throwable error) {
        Throwable cause = ResultWriter.unwrap(error);
        if (!(cause instanceof NoRouteException)) {
            ctx.failed(cause); // for request observers: a routing failure (404, 405...) is no handler's failure
        }
        ExceptionHandler<Throwable> handler = ctx.response().isCommitted() ? null : exceptionHandlers.find(cause);
        if (handler != null) {
            try {
                ctx.markResponded();
                handler.handle(ctx, cause);
                if (!ctx.response().isCommitted() && !ctx.isAsync()) {
                    ctx.response().send();
                }
                return;
            } catch (Throwable rethrown) {
                cause = ResultWriter.unwrap(rethrown);
            }
        }
        if (ctx.response().isCommitted()) {
            if (!ctx.response().isEnded()) {
                LOG.log(System.Logger.Level.WARNING, "failure after the response was committed for "
                        + ctx.request().method() + " " + ctx.request().uri() + ": " + cause, cause);
                // a second head cannot follow the first: the client must see the body cut off, not complete
                ctx.response().abort(cause);
            }
            return;
        }
        if (cause instanceof ConstraintViolationsException violations) {
            problems.send(ctx, 400, violations.getMessage(), false, violations.violations());
        } else if (cause instanceof HttpStatusException status) {
            problems.send(ctx, status.status(), status.getMessage(), status.status() == 503);
        } else if (cause instanceof CodecException codec && codec.decoding()) {
            problems.send(ctx, 400, codec.getMessage(), false);
        } else {
            LOG.log(System.Logger.Level.WARNING, "handler failed on " + ctx.request().method() + " "
                    + ctx.request().uri() + ": " + cause, cause);
            problems.send(ctx, 500, null, false);
        }
    }
}
