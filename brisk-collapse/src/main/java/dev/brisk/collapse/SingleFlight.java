package dev.brisk.collapse;

import dev.brisk.collapse.internal.DefaultSingleFlight;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Runs one call per key at a time: a caller whose key already has a call in flight joins it instead of starting
 * another, for as long as the call runs, and every caller gets the outcome. Keys compare with {@code equals}.
 *
 * <pre>{@code
 * SingleFlight<Long, User> users = SingleFlight.create();
 * CompletableFuture<User> user = users.execute(id, () -> repository.findAsync(id));
 * }</pre>
 *
 * <p>Every caller completes: with the call's value or failure (the exception the call raised, shared by all its
 * callers), with {@link CollapseTimeoutException} after {@link SingleFlightOptions#timeout()}, or with
 * {@link CollapseRejectedException} when too many keys are in flight. Cancelling a caller's future removes only that
 * caller; the call itself is cancelled (through its {@code CompletionStage}, when that is a {@code Future}) when its
 * last caller has gone.
 *
 * <p>Every caller receives the same value object: share immutable values, or copy them in the call's stage. Thread-safe.
 *
 * @param <K> the key type, with value semantics ({@code equals}, {@code hashCode}); never null
 * @param <V> the result type
 */
public interface SingleFlight<K, V> {

    /** A single flight with the default options (30 s timeout, no result reuse). */
    static <K, V> SingleFlight<K, V> create() {
        return create(SingleFlightOptions.DEFAULT);
    }

    /** A single flight with {@code options}. */
    static <K, V> SingleFlight<K, V> create(SingleFlightOptions options) {
        return new DefaultSingleFlight<>(options);
    }

    /**
     * The outcome of the call in flight for {@code key}, or of a new one that {@code call} starts: {@code call} runs
     * on this thread, only when no call of the key is in flight, and should return quickly (do blocking work in the
     * stage it returns). A {@code call} that throws, or returns null, fails the callers of that call only.
     *
     * @throws NullPointerException when {@code key} or {@code call} is null
     */
    CompletableFuture<V> execute(K key, Supplier<? extends CompletionStage<? extends V>> call);

    /**
     * Like {@link #execute}, for a blocking call: when no call of {@code key} is in flight, {@code call} runs on this
     * thread and its outcome is this caller's, as if it had called it directly; otherwise this thread waits for the
     * call in flight (up to the timeout) and returns its value or throws the exception it raised. A waiting thread
     * that is interrupted leaves the call and throws {@link InterruptedException}; the callers of a call whose thread
     * is interrupted get a {@link CollapseException} caused by the interruption.
     */
    V executeBlocking(K key, Callable<? extends V> call) throws Exception;

    /** Keys with a call in flight now (with a result TTL, also those holding a recent result). */
    int inFlight();

    /** What this single flight has done so far. */
    CollapseStats stats();

    /** The options it runs with. */
    SingleFlightOptions options();
}
