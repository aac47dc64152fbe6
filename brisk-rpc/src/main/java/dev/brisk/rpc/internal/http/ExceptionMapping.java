package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.http.HttpProblem;

import java.util.NoSuchElementException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The problem an exception of a service method is answered with over HTTP: the application's mapping first, then the
 * defaults ({@link #defaultStatus}).
 */
final class ExceptionMapping {

    private final Function<? super Throwable, HttpProblem> application;

    ExceptionMapping(Function<? super Throwable, HttpProblem> application) {
        this.application = application;
    }

    /** The problem for {@code failure}; a mapping that fails yields a 500 naming what it threw. */
    HttpProblem problem(Throwable failure) {
        HttpProblem mapped;
        try {
            mapped = application.apply(failure);
        } catch (RuntimeException e) {
            return HttpProblem.of(500, "the exception mapping failed on " + failure.getClass().getName() + ": " + e);
        }
        return mapped != null ? mapped : HttpProblem.of(defaultStatus(failure), failure.getMessage());
    }

    /**
     * 400 for {@code IllegalArgumentException}, 403 {@code SecurityException}, 404 {@code NoSuchElementException} and
     * the "not found" family (a class, or a superclass, named {@code *NotFoundException} outside the JDK), 409
     * {@code IllegalStateException}, 501 {@code UnsupportedOperationException}, 504 {@code TimeoutException}, else 500.
     */
    static int defaultStatus(Throwable failure) {
        if (failure instanceof IllegalArgumentException) {
            return 400;
        }
        if (failure instanceof SecurityException) {
            return 403;
        }
        if (failure instanceof NoSuchElementException || namedNotFound(failure.getClass())) {
            return 404;
        }
        if (failure instanceof IllegalStateException) {
            return 409;
        }
        if (failure instanceof UnsupportedOperationException) {
            return 501;
        }
        if (failure instanceof TimeoutException) {
            return 504;
        }
        return 500;
    }

    /** Whether {@code type} or a superclass is an application's {@code ...NotFoundException} (not the JDK's file or class one). */
    private static boolean namedNotFound(Class<?> type) {
        for (Class<?> c = type; c != null && c != Throwable.class; c = c.getSuperclass()) {
            if (c.getSimpleName().endsWith("NotFoundException") && !c.getName().startsWith("java.")) {
                return true;
            }
        }
        return false;
    }
}
