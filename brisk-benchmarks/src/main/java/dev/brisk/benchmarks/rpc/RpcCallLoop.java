package dev.brisk.benchmarks.rpc;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.Measurement;
import dev.brisk.benchmarks.client.Summary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The closed loop of {@code rpc <impl> call}: {@code threads} blocking callers, each making its next call as soon as
 * the previous one returned, through one shared connection. Runs the warm-up, then the measured window (latencies,
 * errors and this process's CPU time through the client benchmark's {@link Measurement}), then waits for the callers
 * to finish their last call. The measured window starts and ends with a line on stderr ({@value #WINDOW_STARTS},
 * {@value #WINDOW_ENDS}), so that a script can read the server's CPU time over the same window.
 */
final class RpcCallLoop {

    /** Printed on stderr as the measured window starts. */
    static final String WINDOW_STARTS = "measured window starts";
    /** Printed on stderr as the measured window ends. */
    static final String WINDOW_ENDS = "measured window ends";

    private static final long JOIN_SECONDS = 15;

    private final UserService service;
    private final RpcMethod method;
    private final int threads;
    private final Measurement measurement = new Measurement();
    private final AtomicLong calls = new AtomicLong();
    private volatile boolean running = true;

    RpcCallLoop(UserService service, RpcMethod method, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("rpc: --threads must be >= 1: " + threads);
        }
        this.service = service;
        this.method = method;
        this.threads = threads;
    }

    Summary run(Duration warmup, Duration duration) throws InterruptedException {
        List<Thread> callers = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            Thread caller = new Thread(this::callUntilStopped, "rpc-caller-" + i);
            caller.setDaemon(true);
            callers.add(caller);
            caller.start();
        }
        Thread.sleep(warmup.toMillis());
        System.err.println(WINDOW_STARTS);
        measurement.begin();
        Thread.sleep(duration.toMillis());
        Summary summary = measurement.end();
        System.err.println(WINDOW_ENDS);
        running = false;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JOIN_SECONDS);
        for (Thread caller : callers) {
            caller.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (caller.isAlive()) {
                System.err.println("warning: " + caller.getName() + " still in a call " + JOIN_SECONDS
                        + " s after the run");
            }
        }
        return summary;
    }

    private void callUntilStopped() {
        while (running) {
            long n = calls.getAndIncrement();
            long start = System.nanoTime();
            boolean ok;
            try {
                ok = method.call(service, n);
                if (!ok) {
                    Errors.report(new IllegalStateException("unexpected answer to " + method.methodName() + " #" + n));
                }
            } catch (RuntimeException e) {
                Errors.report(e);
                ok = false;
            }
            if (ok) {
                measurement.ok(System.nanoTime() - start);
            } else {
                measurement.error();
            }
        }
    }
}
