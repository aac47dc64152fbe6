package dev.brisk.rest.support;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.internal.RequestFailures;

/**
 * Tells Brisk that a request failed although a controller style's own exception handling answered it (a Spring
 * {@code @ExceptionHandler}, a JAX-RS {@code ExceptionMapper}): request observers then see the failure, so the
 * metrics' {@code exception} tag names it, as it does for failures Brisk's exception handlers answer.
 */
public final class HandledFailures {

    private HandledFailures() {
    }

    /** Records {@code error} as the failure of {@code ctx}'s request; the first failure recorded is the one kept. */
    public static void record(RequestContext ctx, Throwable error) {
        RequestFailures.record(ctx, error);
    }
}
