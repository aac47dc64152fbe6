package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.support.HandledFailures;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds who answers a failure, in Spring MVC's order: the controller's own {@code @ExceptionHandler}s, then each
 * applicable {@code @ControllerAdvice} in order; each looks at the exception, then at its causes.
 */
final class ErrorResolution {

    /** Returned by {@link #resolve} when no handler answers the failure. */
    static final Object UNHANDLED = new Object();

    private final List<ExceptionHandlerMethods> handlers;

    private ErrorResolution(List<ExceptionHandlerMethods> handlers) {
        this.handlers = handlers;
    }

    /** For a controller: its own handlers (may be null), then the advices' in order. */
    static ErrorResolution of(ExceptionHandlerMethods own, List<Advice> advices) {
        List<ExceptionHandlerMethods> all = new ArrayList<>();
        if (own != null && !own.isEmpty()) {
            all.add(own);
        }
        for (Advice advice : advices) {
            if (!advice.handlers().isEmpty()) {
                all.add(advice.handlers());
            }
        }
        return new ErrorResolution(List.copyOf(all));
    }

    boolean isEmpty() {
        return handlers.isEmpty();
    }

    /**
     * The result of the handler that answers {@code error}, or {@link #UNHANDLED}. The failure is recorded for the
     * request's observers (the metrics' exception tag) unless it is a routing failure, which is no handler's failure.
     */
    Object resolve(RequestContext ctx, Throwable error, boolean routing) throws Exception {
        for (ExceptionHandlerMethods candidate : handlers) {
            ExceptionHandlerMethods.Match match = candidate.find(error);
            if (match != null) {
                if (!routing) {
                    HandledFailures.record(ctx, error);
                }
                return candidate.invoke(ctx, match, error);
            }
        }
        return UNHANDLED;
    }
}
