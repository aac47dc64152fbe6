package dev.brisk.rest;

/** Names of the built-in schedulers a route can run on; custom ones are added with {@code scheduler(name, executor)}. */
public final class Schedulers {

    /** On the connection's event loop: fastest, for handlers that never block. */
    public static final String IO = "io";
    /** On a bounded worker pool with a bounded queue; a full queue or a long wait answers 503. */
    public static final String WORKER = "worker";
    /** On a new virtual thread per request (Java 21+). */
    public static final String VIRTUAL = "virtual";

    private Schedulers() {
    }
}
