package dev.brisk.rest;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Lines a logback logger receives, optionally holding the writer until released (a logger that blocks). */
final class CapturedLog extends AppenderBase<ILoggingEvent> implements AutoCloseable {

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<String> loggers = new CopyOnWriteArrayList<>();
    private final Logger logger;
    private volatile CountDownLatch gate;

    private CapturedLog(String loggerName) {
        logger = (Logger) LoggerFactory.getLogger(loggerName);
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        setContext(logger.getLoggerContext());
        start();
        logger.addAppender(this);
    }

    /** Captures what {@code loggerName} logs from now on. */
    static CapturedLog of(String loggerName) {
        return new CapturedLog(loggerName);
    }

    /** Makes the writer wait in the logger until {@link #release()}. */
    CapturedLog blocking() {
        gate = new CountDownLatch(1);
        return this;
    }

    void release() {
        CountDownLatch g = gate;
        if (g != null) {
            g.countDown();
        }
    }

    @Override
    protected void append(ILoggingEvent event) {
        CountDownLatch g = gate;
        if (g != null) {
            try {
                g.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        lines.add(event.getFormattedMessage());
        loggers.add(event.getLoggerName() + " " + event.getLevel() + " " + event.getThreadName());
    }

    List<String> lines() {
        return lines;
    }

    List<String> loggers() {
        return loggers;
    }

    /** Waits (up to 10 s) for a line that matches, and returns it. */
    String await(Predicate<String> matching) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (String line : lines) {
                if (matching.test(line)) {
                    return line;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no such line among " + lines);
    }

    @Override
    public void close() {
        release();
        logger.detachAppender(this);
        stop();
    }
}
