package dev.brisk.benchmarks.collapse;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.Measurement;
import dev.brisk.benchmarks.client.Summary;
import dev.brisk.client.BriskClient;
import dev.brisk.client.BriskClientBuilder;
import dev.brisk.collapse.client.CollapsingInterceptor;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The closed loop of a {@code collapse} run: {@code concurrency} lanes, each with one request in flight through
 * brisk-client (with {@link CollapsingInterceptor} in the client scenario with {@code --mode on}); every response is
 * checked: status 200 and the body {@code value-<key>} of the key it asked for, else it counts as an error.
 */
final class CollapseLoad implements AutoCloseable {

    private final CollapseRun run;
    private final String baseUrl;
    private final BriskClient client;
    private final KeyChooser keys;
    private final Measurement measurement = new Measurement();
    private final CountDownLatch drained;
    /** Failed requests are sent again from here, so that failing at once cannot recurse without bound. */
    private final java.util.concurrent.ExecutorService resender = java.util.concurrent.Executors
            .newSingleThreadExecutor(r -> {
                Thread thread = new Thread(r, "collapse-resend");
                thread.setDaemon(true);
                return thread;
            });
    private volatile boolean running = true;

    CollapseLoad(CollapseRun run, String baseUrl) {
        this.run = run;
        this.baseUrl = baseUrl;
        this.keys = new KeyChooser(run.keys(), run.zipf());
        this.drained = new CountDownLatch(run.concurrency());
        BriskClientBuilder builder = BriskClient.builder().ioThreads(1).loadInterceptors(false)
                .maxConnectionsPerHost(run.concurrency()).maxPendingAcquires(run.concurrency() * 2);
        if (!run.server() && run.collapse()) {
            builder.interceptor(CollapsingInterceptor.create());
        }
        this.client = builder.build();
    }

    /** Runs the warm-up and the measured window; {@code backendCalls} reads the backend's call counter. */
    Result run(java.util.function.LongSupplier backendCalls) throws InterruptedException {
        for (int i = 0; i < run.concurrency(); i++) {
            send();
        }
        Thread.sleep(run.warmup().toMillis());
        long callsBefore = backendCalls.getAsLong();
        measurement.begin();
        Thread.sleep(run.duration().toMillis());
        Summary summary = measurement.end();
        long calls = backendCalls.getAsLong() - callsBefore;
        running = false;
        if (!drained.await(15, TimeUnit.SECONDS)) {
            System.err.println("warning: " + drained.getCount() + " requests still in flight after the run");
        }
        return new Result(summary, calls);
    }

    private void send() {
        if (!running) {
            drained.countDown();
            return;
        }
        String key = keys.next();
        long start = System.nanoTime();
        client.get(baseUrl + "/item/" + key).execute().whenComplete((response, failure) -> {
            if (failure != null) {
                Errors.report(failure);
                measurement.error();
                resender.execute(this::send);
                return;
            } else if (response.status() == 200 && ("value-" + key).equals(new String(response.bodyAsBytes(),
                    StandardCharsets.UTF_8))) {
                measurement.ok(System.nanoTime() - start);
            } else {
                Errors.unexpected(response.status(), response.bodyAsBytes().length);
                measurement.error();
            }
            send();
        });
    }

    @Override
    public void close() {
        resender.shutdownNow();
        client.close();
    }

    /** The summary line's figures and the backend calls of the measured window. */
    record Result(Summary summary, long backendCalls) {
        String line() {
            return summary.line() + " backend_calls=" + backendCalls;
        }
    }
}
