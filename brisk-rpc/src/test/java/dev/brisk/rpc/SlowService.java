package dev.brisk.rpc;

import java.util.concurrent.CompletableFuture;

/** Methods that take their time, for scheduling, timeout and shutdown tests. */
public interface SlowService {

    /** Blocks until the test releases it; answers who served it. */
    String block(String tag);

    /** Answers at once who serves it. */
    String quick(String tag);

    /** The name of the thread the method runs on. */
    String thread();

    @Timeout(millis = 200)
    String limited(long sleepMillis);

    String sleep(long sleepMillis);

    CompletableFuture<String> blockAsync(String tag);

    @Idempotent
    String blockIdempotent(String tag);
}
