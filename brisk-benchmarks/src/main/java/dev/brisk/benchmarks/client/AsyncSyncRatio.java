package dev.brisk.benchmarks.client;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The alternating method for asynchronous clients: one thread sends {@code ratio} asynchronous requests without
 * waiting, then one request it waits for, and repeats. The waited-for request paces the loop, since it completes only
 * once the client has worked through the queue ahead of it; raising the ratio until throughput stops rising finds the
 * client's limit. Every request, asynchronous or not, counts in the summary.
 */
final class AsyncSyncRatio {

    private static final long DRAIN_SECONDS = 15;

    private final LoadClient client;
    private final LoadOptions options;
    private final Measurement measurement = new Measurement();
    private final AtomicInteger inFlight = new AtomicInteger();

    AsyncSyncRatio(LoadClient client, LoadOptions options) {
        this.client = client;
        this.options = options;
    }

    Summary run() throws InterruptedException {
        long warmupEnd = System.nanoTime() + options.warmup().toNanos();
        loopUntil(warmupEnd);
        measurement.begin();
        loopUntil(System.nanoTime() + options.duration().toNanos());
        Summary summary = measurement.end();
        long drainEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        while (inFlight.get() > 0 && System.nanoTime() < drainEnd) {
            Thread.sleep(10);
        }
        return summary;
    }

    private void loopUntil(long end) throws InterruptedException {
        while (System.nanoTime() < end) {
            for (int i = 0; i < options.ratio(); i++) {
                send(new Timed());
            }
            Waited waited = new Waited();
            send(waited);
            waited.await();
        }
    }

    private void send(Timed request) {
        inFlight.incrementAndGet();
        try {
            client.send(request);
        } catch (RuntimeException e) {
            Errors.report(e);
            request.complete(false);
        }
    }

    /** One asynchronous request: records its latency when it completes. */
    private class Timed implements LoadClient.RequestDone {

        private final long start = System.nanoTime();

        @Override
        public void complete(boolean ok) {
            if (ok) {
                measurement.ok(System.nanoTime() - start);
            } else {
                measurement.error();
            }
            inFlight.decrementAndGet();
        }
    }

    /** The request the sending thread waits for. */
    private final class Waited extends Timed {

        private final CountDownLatch done = new CountDownLatch(1);

        @Override
        public void complete(boolean ok) {
            super.complete(ok);
            done.countDown();
        }

        void await() throws InterruptedException {
            done.await();
        }
    }
}
