package dev.brisk.collapse.internal;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Small helpers about failures and stages. */
final class Failures {

    private Failures() {
    }

    /** The failure inside the wrappers {@code CompletableFuture} adds. */
    static Throwable unwrap(Throwable failure) {
        Throwable current = failure;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    /** Cancels {@code stage} when it can be cancelled; never throws. */
    static void cancel(CompletionStage<?> stage) {
        if (stage instanceof Future<?> future) {
            try {
                future.cancel(false);
            } catch (RuntimeException ignored) {
                // a stage that refuses cancellation simply runs to its end
            }
        }
    }

    /** Throws {@code failure} as it is: checked exceptions too, for the blocking variants. */
    static Exception rethrow(Throwable failure) throws Exception {
        if (failure instanceof Exception exception) {
            throw exception;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException(failure);
    }

    /** A key as error messages show it, cut at 100 characters. */
    static String describe(Object key) {
        String text = String.valueOf(key);
        return text.length() <= 100 ? text : text.substring(0, 100) + "...";
    }
}
