package dev.brisk.benchmarks.client;

/** One HTTP client under test, set up for a {@link LoadOptions}: sends the run's request asynchronously. */
public interface LoadClient extends AutoCloseable {

    /**
     * Starts one request (the run's GET or POST) and reports it to {@code done} exactly once, after the response body
     * has been read in full. May be called from any thread, including the thread that completes a previous request.
     */
    void send(RequestDone done);

    /** Releases connections and threads. */
    @Override
    void close() throws Exception;

    /** Receives the outcome of one request. */
    @FunctionalInterface
    interface RequestDone {

        /** {@code ok} is true when the response had the expected status and body ({@link LoadOptions#expected}). */
        void complete(boolean ok);
    }
}
