package dev.brisk.rest.internal.observe;

import dev.brisk.rest.observe.AccessLogOptions;

import java.util.function.LongConsumer;

/**
 * Where access log lines go: a file of the log's own, or SLF4J when it is on the class path, {@link System.Logger}
 * otherwise. Used by the writer thread only.
 */
interface LineSink {

    /** Writes one line ({@code line} is reused once this returns). */
    void write(LineBuffer line);

    /** A batch of lines begins, at {@code epochMillis}. */
    default void beginBatch(long epochMillis) {
    }

    /** The batch has been written: lines held back may go out now. */
    default void endBatch() {
    }

    /** The log is closing: nothing is written after this. */
    default void close() {
    }

    /** The sink {@code options} ask for; {@code lost} counts lines a file could not take. */
    static LineSink of(AccessLogOptions options, LongConsumer lost) {
        if (options.file() != null) {
            return FileSink.opened(options.file(), options.rotation(), options.maxHistory(), lost);
        }
        if (Slf4jSink.available()) {
            return new Slf4jSink(options.loggerName());
        }
        System.Logger logger = System.getLogger(options.loggerName());
        return line -> logger.log(System.Logger.Level.INFO, line.toString());
    }
}
