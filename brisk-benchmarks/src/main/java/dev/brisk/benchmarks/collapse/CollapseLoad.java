package dev.brisk.benchmarks.collapse;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.Measurement;
import dev.brisk.benchmarks.client.Summary;
import dev.brisk.client.BriskClient;
import dev.brisk.collapse.client.CollapsingInterceptor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The closed loop of a {@code collapse} run: {@code concurrency} lanes, each with one request in flight through
 * brisk-client (with {@link CollapsingInterceptor} in the client scenario with {@code --mode on}); every response is
 * checked: status 200 and the body {@code value-<key>} of the key it asked for, else it counts as an error.
 */
final class CollapseLoad implements AutoCloseable {

    /** How long a controlled window lets the lanes start again before it measures. */
    private static final long SETTLE_MILLIS = 1000;

    private final CollapseRun run;
    private final String baseUrl;
    private final BriskClient client;
    private final KeyChooser keys;
    private final Measurement measurement = new Measurement();
    private final CountDownLatch drained;
    /** Failed requests are sent again from here, so that failing at once cannot recurse without bound. */
    private final ExecutorService resender = Executors
            .newSingleThreadExecutor(r -> {
                Thread thread = new Thread(r, "collapse-resend");
                thread.setDaemon(true);
                return thread;
            });
    private volatile boolean running = true;
    /** Whether lanes stop when their request completes (between the windows of a controlled run). */
    private volatile boolean paused;
    /** Lanes stopped while paused: each has no request in flight. */
    private final AtomicInteger parked = new AtomicInteger();
    /** The threads the lanes' completions ran on (the client's event loop), for their CPU time. */
    private final Set<Thread> loopThreads = ConcurrentHashMap.newKeySet();
    /** The last thread added to {@link #loopThreads}; each lane's completion compares, and adds only a new one. */
    private Thread lastLoopThread;
    private long windowLoopCpu;
    private long windowStart;

    CollapseLoad(CollapseRun run, String baseUrl) {
        this.run = run;
        this.baseUrl = baseUrl;
        this.keys = new KeyChooser(run.keys(), run.zipf());
        this.drained = new CountDownLatch(run.concurrency());
        BriskClient.Builder builder = BriskClient.builder().options(o -> o.ioThreads(1)).loadInterceptors(false)
                .options(o -> o.maxConnectionsPerHost(run.concurrency()).maxPendingAcquires(run.concurrency() * 2));
        if (!run.server() && run.collapse()) {
            builder.interceptor(CollapsingInterceptor.create());
        }
        this.client = builder.build();
    }

    /** Runs the warm-up and the measured window; {@code backendCalls} reads the backend's call counter. */
    Result run(LongSupplier backendCalls) throws InterruptedException {
        for (int i = 0; i < run.concurrency(); i++) {
            send();
        }
        Result result = measure(run, measurement, backendCalls);
        stop();
        return result;
    }

    /**
     * Waits out the warm-up of a load that runs, then measures one window into {@code measurement}: its summary and
     * the backend calls made meanwhile.
     */
    static Result measure(CollapseRun run, Measurement measurement, LongSupplier backendCalls)
            throws InterruptedException {
        Thread.sleep(run.warmup().toMillis());
        long callsBefore = backendCalls.getAsLong();
        measurement.begin();
        Thread.sleep(run.duration().toMillis());
        Summary summary = measurement.end();
        return new Result(summary, backendCalls.getAsLong() - callsBefore);
    }

    /** Stops the lanes of a load that runs: each sends no more once its request completes; waits until all have. */
    void stop() throws InterruptedException {
        running = false;
        if (!drained.await(15, TimeUnit.SECONDS)) {
            System.err.println("warning: " + drained.getCount() + " requests still in flight after the run");
        }
    }

    /**
     * Runs the warm-up, then one measured window per {@code measure} line read from {@code commands}, printing each
     * window's summary line to {@code out}; the load stops between windows (every lane's request completes and no new
     * one is sent), so that another process can be measured meanwhile on an otherwise idle machine. Prints
     * {@code ready} when it first waits for a command; the end of {@code commands} ends the run.
     */
    void runControlled(LongSupplier backendCalls, BufferedReader commands, PrintStream out)
            throws InterruptedException, IOException {
        for (int i = 0; i < run.concurrency(); i++) {
            send();
        }
        Thread.sleep(run.warmup().toMillis());
        pause();
        out.println("ready");
        out.flush();
        String command;
        while ((command = commands.readLine()) != null) {
            if (!"measure".equals(command.strip())) {
                out.println("unknown command (expected measure): " + command);
                out.flush();
                continue;
            }
            resume();
            Thread.sleep(SETTLE_MILLIS);
            long callsBefore = backendCalls.getAsLong();
            measurement.begin();
            Thread.sleep(run.duration().toMillis());
            Summary summary = measurement.end();
            long calls = backendCalls.getAsLong() - callsBefore;
            pause();
            out.println(new Result(summary, calls).line());
            out.flush();
        }
        running = false;
        for (int i = parked.getAndSet(0); i > 0; i--) {
            drained.countDown();
        }
    }

    /** Sends every lane's first request: the load runs from here on. */
    void start() {
        for (int i = 0; i < run.concurrency(); i++) {
            send();
        }
    }

    /** Starts a measured window of a load that runs; see {@link #endWindow()}. */
    void beginWindow() {
        measurement.begin();
        windowLoopCpu = loopCpuNanos();
        windowStart = System.nanoTime();
    }

    /** Ends the window begun last: its summary and the CPU time of the client's event loop per request. */
    Window endWindow() {
        long loopCpu = loopCpuNanos() - windowLoopCpu;
        long elapsed = System.nanoTime() - windowStart;
        Summary summary = measurement.end();
        double requests = summary.rps() * elapsed / 1e9 + summary.errors();
        return new Window(summary, requests == 0 ? 0 : loopCpu / 1e3 / requests);
    }

    /** The CPU time so far of the threads the lanes' completions ran on. */
    private long loopCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (Thread thread : loopThreads) {
            long cpu = threads.getThreadCpuTime(thread.getId());
            total += Math.max(0, cpu);
        }
        return total;
    }

    /** Stops every lane once its request completes, and waits until all have. */
    private void pause() throws InterruptedException {
        paused = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (parked.get() < run.concurrency()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("lanes still busy 15 s after the load was paused: "
                        + (run.concurrency() - parked.get()));
            }
            Thread.sleep(5);
        }
    }

    private void resume() {
        paused = false;
        for (int i = parked.getAndSet(0); i > 0; i--) {
            send();
        }
    }

    private void send() {
        if (!running) {
            drained.countDown();
            return;
        }
        if (paused) {
            parked.incrementAndGet();
            return;
        }
        String key = keys.next();
        long start = System.nanoTime();
        client.get(baseUrl + "/item/" + key).execute().whenComplete((response, failure) -> {
            Thread thread = Thread.currentThread();
            if (thread != lastLoopThread) {
                lastLoopThread = thread;
                loopThreads.add(thread);
            }
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

    /**
     * One window of a load measured beside another: its summary, and {@code loopUs}, the CPU time per request of the
     * client's event loop (where the lanes, the client and its interceptors run).
     */
    record Window(Summary summary, double loopUs) {
    }

    /** The summary line's figures and the backend calls of the measured window. */
    record Result(Summary summary, long backendCalls) {
        String line() {
            return summary.line() + " backend_calls=" + backendCalls;
        }
    }
}
