package dev.brisk.benchmarks.serve;

/** One implementation served by {@code serve <impl>}, exposing the standard benchmark endpoints. */
public interface ServerImpl {

    /** Starts listening; returns the port once ready. */
    int start(ServeOptions options) throws Exception;
}
