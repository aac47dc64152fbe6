package dev.brisk.rest.observe;

import dev.brisk.rest.BriskServer;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How the access log writes: one line per request once its response is complete, handed to a bounded queue that one
 * daemon thread drains into the SLF4J logger {@link #loggerName()} at INFO (into {@link System.Logger} when SLF4J is
 * not on the class path), or, when {@link #file()} is set, straight into that file, as Tomcat, Jetty and nginx write
 * theirs (a logging backend's own work per line costs about as much as the rest of the log). The event loop never waits for the log: when the queue is full the line is dropped and
 * counted ({@link BriskServer#accessLogDropped()}). Off unless
 * {@link ObservabilityConfig#accessLog(AccessLogOptions)} is called.
 *
 * <pre>{@code
 * Brisk.server().observability(o -> o.accessLog(AccessLogOptions.builder()
 *         .format(AccessLogOptions.Format.JSON).build()))
 * }</pre>
 *
 * @param format     the line format; default {@link Format#COMMON}
 * @param pattern    a custom line pattern, used when {@code format} is {@link Format#PATTERN}; {@code %a} remote
 *                   address, {@code %t} time, {@code %m} method, {@code %U} URI (path and query), {@code %H}
 *                   protocol, {@code %s} status, {@code %b} body bytes, {@code %D} duration in microseconds,
 *                   {@code %T} duration in milliseconds, {@code %x} trace id, {@code %{Name}i} a request header,
 *                   {@code %%} a percent sign; default empty
 * @param loggerName the logger lines go to; default {@code brisk.access}
 * @param queueSize  lines waiting for the writer thread before further lines are dropped (rounded up to a power of
 *                   two, at least 2); default 8192. The room for them is reserved when the server starts, about
 *                   150 bytes a line (1.2 MiB by default)
 * @param file       the file lines are appended to (UTF-8, created with its directories), instead of the logger;
 *                   default null: the logger
 * @param rotation   when {@code file} is set, whether it is rolled over at midnight in the JVM's time zone (to
 *                   {@code <file>.<yyyy-MM-dd>}); default {@link Rotation#NONE} (leave it to {@code logrotate} with
 *                   {@code copytruncate}: lines are appended)
 * @param maxHistory with {@link Rotation#DAILY}, the days of rolled files kept (older ones are deleted when the file
 *                   rolls over); 0 keeps them all; default 0
 */
public record AccessLogOptions(Format format, String pattern, String loggerName, int queueSize, Path file,
                               Rotation rotation, int maxHistory) {

    /** The defaults listed above. */
    public static final AccessLogOptions DEFAULT = new AccessLogOptions(Format.COMMON, "", "brisk.access", 8192, null,
            Rotation.NONE, 0);

    /** Validates every component; a message names the component and the offending value. */
    public AccessLogOptions {
        Objects.requireNonNull(format, "format must not be null");
        Objects.requireNonNull(pattern, "pattern must not be null");
        Objects.requireNonNull(loggerName, "loggerName must not be null");
        if (format == Format.PATTERN && pattern.isBlank()) {
            throw new IllegalArgumentException("pattern must not be blank with format PATTERN: '" + pattern + "'");
        }
        if (loggerName.isBlank()) {
            throw new IllegalArgumentException("loggerName must not be blank: '" + loggerName + "'");
        }
        if (queueSize <= 0) {
            throw new IllegalArgumentException("queueSize must be positive: " + queueSize);
        }
        Objects.requireNonNull(rotation, "rotation must not be null");
        if (rotation != Rotation.NONE && file == null) {
            throw new IllegalArgumentException("rotation " + rotation + " needs a file: lines go to the logger "
                    + loggerName + ", whose configuration rolls them over");
        }
        if (maxHistory < 0) {
            throw new IllegalArgumentException("maxHistory must not be negative: " + maxHistory);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Line formats. */
    public enum Format {
        /** NCSA common: {@code 127.0.0.1 - - [25/Nov/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 12}. */
        COMMON,
        /** NCSA combined: common, then the quoted {@code Referer} and {@code User-Agent}. */
        COMBINED,
        /**
         * One JSON object per line: {@code time}, {@code remote}, {@code method}, {@code uri}, {@code protocol},
         * {@code status}, {@code bytes}, {@code durationMicros}, {@code traceId} (when tracing is on),
         * {@code referer} and {@code userAgent} (when sent).
         */
        JSON,
        /** The custom {@link AccessLogOptions#pattern()}. */
        PATTERN
    }

    /** When a {@link AccessLogOptions#file()} is rolled over. */
    public enum Rotation {
        /** Never: the file grows, or an outside tool ({@code logrotate} with {@code copytruncate}) trims it. */
        NONE,
        /** At midnight in the JVM's time zone, and at start when the file was last written on an earlier day. */
        DAILY
    }

    /** Builds {@link AccessLogOptions}; {@link #build()} validates. */
    public static final class Builder {
        private Format format;
        private String pattern;
        private String loggerName;
        private int queueSize;
        private Path file;
        private Rotation rotation;
        private int maxHistory;

        private Builder(AccessLogOptions options) {
            format = options.format;
            pattern = options.pattern;
            loggerName = options.loggerName;
            queueSize = options.queueSize;
            file = options.file;
            rotation = options.rotation;
            maxHistory = options.maxHistory;
        }

        /** The line format. */
        public Builder format(Format format) {
            this.format = format;
            return this;
        }

        /** A custom pattern; also sets the format to {@link Format#PATTERN}. */
        public Builder pattern(String pattern) {
            this.pattern = pattern;
            this.format = Format.PATTERN;
            return this;
        }

        /** The logger lines go to. */
        public Builder loggerName(String loggerName) {
            this.loggerName = loggerName;
            return this;
        }

        /** Lines waiting for the writer before further ones are dropped. */
        public Builder queueSize(int queueSize) {
            this.queueSize = queueSize;
            return this;
        }

        /** The file lines are appended to instead of the logger; null for the logger. */
        public Builder file(Path file) {
            this.file = file;
            return this;
        }

        /** Whether the file rolls over at midnight. */
        public Builder rotation(Rotation rotation) {
            this.rotation = rotation;
            return this;
        }

        /** Days of rolled files kept; 0 keeps them all. */
        public Builder maxHistory(int maxHistory) {
            this.maxHistory = maxHistory;
            return this;
        }

        public AccessLogOptions build() {
            return new AccessLogOptions(format, pattern, loggerName, queueSize, file, rotation, maxHistory);
        }
    }
}
