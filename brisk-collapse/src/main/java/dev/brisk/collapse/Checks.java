package dev.brisk.collapse;

import java.time.Duration;

/** The validations the options records share; messages name the component and the value. */
final class Checks {

    private Checks() {
    }

    static Duration notNegative(Duration value, String name) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or positive: " + value);
        }
        return value;
    }

    static int atLeast(int value, int minimum, String name) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be >= " + minimum + ": " + value);
        }
        return value;
    }

    static long atLeast(long value, long minimum, String name) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be >= " + minimum + ": " + value);
        }
        return value;
    }
}
