package dev.brisk.http.reliability;

import dev.brisk.http.testing.MemoryProbe;

/** Samples the growth of Netty's buffers every 10 ms from a baseline taken at the start, keeping the peak. */
final class PeakMemory implements AutoCloseable {

    private final long baseline;
    private final Thread sampler;
    private volatile boolean running = true;
    private volatile long peak;

    PeakMemory() throws InterruptedException {
        baseline = MemoryProbe.afterGc().netty();
        peak = baseline;
        sampler = new Thread(() -> {
            while (running) {
                peak = Math.max(peak, MemoryProbe.now().netty());
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "peak-memory");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The largest growth seen so far, in bytes. */
    long growth() {
        return Math.max(peak, MemoryProbe.now().netty()) - baseline;
    }

    /** The growth now, in bytes. */
    long current() {
        return MemoryProbe.now().netty() - baseline;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        sampler.join(1000);
    }
}
