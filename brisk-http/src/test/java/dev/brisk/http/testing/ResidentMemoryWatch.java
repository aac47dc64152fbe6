package dev.brisk.http.testing;

import java.time.Duration;

/**
 * Samples a child server's resident memory every second from the moment it is started, keeping the figure at
 * {@link #markBaseline()} and the peak since.
 */
public final class ResidentMemoryWatch implements AutoCloseable {

    private static final Duration PERIOD = Duration.ofSeconds(1);

    private final ChildServer child;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long latest;
    private volatile long baseline = -1;
    private volatile long peak = -1;
    private volatile int samples;

    public ResidentMemoryWatch(ChildServer child) {
        this.child = child;
        this.latest = child.residentBytes();
        this.thread = new Thread(this::run, "resident-memory-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Takes a sample now and counts growth from it on. */
    public synchronized long markBaseline() {
        long now = child.residentBytes();
        latest = now;
        baseline = now;
        peak = now;
        samples = 1;
        return now;
    }

    public long baseline() {
        return baseline;
    }

    /** The largest sample since {@link #markBaseline()}. */
    public long peak() {
        return peak;
    }

    /** How far the peak is above the baseline. */
    public long growth() {
        return peak - baseline;
    }

    public long latest() {
        return latest;
    }

    /** Samples since {@link #markBaseline()}. */
    public int samples() {
        return samples;
    }

    private void run() {
        while (running) {
            try {
                Thread.sleep(PERIOD.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            sample();
        }
    }

    private synchronized void sample() {
        long now = child.residentBytes();
        if (now < 0) {
            return;
        }
        latest = now;
        if (baseline >= 0) {
            peak = Math.max(peak, now);
            samples++;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(2000);
    }
}
