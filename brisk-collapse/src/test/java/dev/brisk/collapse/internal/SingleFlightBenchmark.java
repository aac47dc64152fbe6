package dev.brisk.collapse.internal;

import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.SingleFlightOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The cost of an uncontended {@link SingleFlight#execute}: one caller, a key nobody else asks for, against calling
 * the supplier directly. {@code completed}: the call's stage is already complete when it returns (a cache hit, a
 * synchronous backend); {@code pending}: it completes after {@code execute} returned, as a network call does, so the
 * caller's timeout is armed and disarmed ({@code timeout} 30 s, or 0 for none).
 *
 * <pre>bench/jmh.sh brisk-collapse SingleFlightBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SingleFlightBenchmark {

    @Param({"completed", "pending"})
    public String stage;

    @Param({"30", "0"})
    public int timeoutSeconds;

    private SingleFlight<Long, String> flight;
    private final CompletableFuture<String> done = CompletableFuture.completedFuture("value");
    private long key;

    @Setup
    public void setUp() {
        flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(Duration.ofSeconds(timeoutSeconds)).build());
    }

    @Benchmark
    public String direct() {
        CompletableFuture<String> call = call();
        if (call != done) {
            call.complete("value");
        }
        return call.join();
    }

    @Benchmark
    public String execute() {
        CompletableFuture<String> call = call();
        CompletableFuture<String> result = flight.execute(key++, () -> call);
        if (call != done) {
            call.complete("value");
        }
        return result.join();
    }

    private CompletableFuture<String> call() {
        return "completed".equals(stage) ? done : new CompletableFuture<>();
    }
}
