package dev.brisk.rpc.internal;

import dev.brisk.rpc.TypeNotAllowedException;

/** Finds a serializer's refusal of a class under the exceptions its library wraps it in. */
final class Refusals {

    private Refusals() {
    }

    /** The {@link TypeNotAllowedException} among the causes of {@code failure}, else {@code failure} itself. */
    static RuntimeException unwrap(RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof TypeNotAllowedException refused) {
                return refused;
            }
        }
        return failure;
    }
}
