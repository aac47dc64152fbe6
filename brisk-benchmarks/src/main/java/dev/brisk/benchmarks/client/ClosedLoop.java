package dev.brisk.benchmarks.client;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The closed loop: {@code concurrency} lanes, each with exactly one request in flight; a lane sends its next request
 * from the thread that completed the previous one. Runs the warm-up, then the measured window, then lets the lanes
 * drain.
 */
final class ClosedLoop {

    private static final long DRAIN_SECONDS = 15;

    private final LoadClient client;
    private final LoadOptions options;
    private final Measurement measurement = new Measurement();
    /** Failed requests are re-sent from here, so a client that fails synchronously cannot recurse without bound. */
    private final ExecutorService resender = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "closed-loop-resend");
        thread.setDaemon(true);
        return thread;
    });
    private final CountDownLatch drained;
    private volatile boolean running = true;

    ClosedLoop(LoadClient client, LoadOptions options) {
        this.client = client;
        this.options = options;
        this.drained = new CountDownLatch(options.concurrency());
    }

    Summary run() throws InterruptedException {
        for (int i = 0; i < options.concurrency(); i++) {
            new Lane().send();
        }
        Thread.sleep(options.warmup().toMillis());
        measurement.begin();
        Thread.sleep(options.duration().toMillis());
        Summary summary = measurement.end();
        running = false;
        if (!drained.await(DRAIN_SECONDS, TimeUnit.SECONDS)) {
            System.err.println("warning: " + drained.getCount() + " requests still in flight " + DRAIN_SECONDS
                    + " s after the run");
        }
        resender.shutdownNow();
        return summary;
    }

    /** One request slot of the loop. */
    private final class Lane implements LoadClient.RequestDone {

        private long start;

        void send() {
            start = System.nanoTime();
            try {
                client.send(this);
            } catch (RuntimeException e) {
                failed(e);
            }
        }

        @Override
        public void complete(boolean ok) {
            if (ok) {
                measurement.ok(System.nanoTime() - start);
                next();
            } else {
                measurement.error();
                if (running) {
                    resender.execute(this::send);
                } else {
                    drained.countDown();
                }
            }
        }

        private void next() {
            if (running) {
                send();
            } else {
                drained.countDown();
            }
        }

        private void failed(RuntimeException e) {
            Errors.report(e);
            complete(false);
        }
    }
}
