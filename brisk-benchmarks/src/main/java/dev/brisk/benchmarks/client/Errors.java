package dev.brisk.benchmarks.client;

import java.util.concurrent.atomic.AtomicInteger;

/** Prints the first few request failures to stderr, so that a run full of errors says why. */
public final class Errors {

    private static final int LIMIT = 5;
    private static final AtomicInteger REPORTED = new AtomicInteger();

    private Errors() {
    }

    /** Prints {@code failure} unless {@value #LIMIT} failures were printed already. */
    public static void report(Throwable failure) {
        if (REPORTED.incrementAndGet() <= LIMIT) {
            System.err.println("request failed: " + failure);
        }
    }

    /** Prints an unexpected status or body length, counted with the failures. */
    public static void unexpected(int status, long bodyLength) {
        if (REPORTED.incrementAndGet() <= LIMIT) {
            System.err.println("unexpected response: status " + status + ", " + bodyLength + " body bytes");
        }
    }
}
