package dev.brisk.transport.spi;

import java.time.Duration;

/**
 * The checks every Brisk options record makes on its components, in one place so that each message reads the same:
 * it names the component and, for a bad value, shows it ({@code "ioThreads must be positive: 0"},
 * {@code "host must not be null"}). Each returns the value it checked. For Brisk's own modules, not an API.
 */
public final class Checks {

    private Checks() {
    }

    /** {@code value}, which must not be null. */
    public static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new NullPointerException(name + " must not be null");
        }
        return value;
    }

    /** {@code value}, which must be greater than zero. */
    public static int positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /** {@code value}, which must be greater than zero. */
    public static long positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /** {@code value}, which must not be null and must be longer than zero. */
    public static Duration positive(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /** {@code value}, which must be zero or more. */
    public static int notNegative(int value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
        return value;
    }

    /** {@code value}, which must be zero or more. */
    public static long notNegative(long value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
        return value;
    }

    /** {@code value}, which must not be null and must be zero or longer. */
    public static Duration notNegative(Duration value, String name) {
        notNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
        return value;
    }

    /** {@code value}, which must lie within {@code [min, max]}. */
    public static long within(long value, long min, long max, String name) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be within [" + min + ", " + max + "]: " + value);
        }
        return value;
    }
}
