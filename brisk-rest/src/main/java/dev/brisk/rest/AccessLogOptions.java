package dev.brisk.rest;

import java.util.Objects;

/**
 * How the access log writes: one line per request once its response is complete, handed to a bounded queue that one
 * daemon thread drains into the SLF4J logger {@link #loggerName()} at INFO (into {@link System.Logger} when SLF4J is
 * not on the class path). The event loop never waits for the log: when the queue is full the line is dropped and
 * counted ({@link BriskServer#accessLogDropped()}). Off unless {@link BriskServer.Builder#accessLog(AccessLogOptions)}
 * is called.
 *
 * <pre>{@code Brisk.server().accessLog(AccessLogOptions.builder().format(AccessLogOptions.Format.JSON).build())}</pre>
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
 */
public record AccessLogOptions(Format format, String pattern, String loggerName, int queueSize) {

    /** The defaults listed above. */
    public static final AccessLogOptions DEFAULT = new AccessLogOptions(Format.COMMON, "", "brisk.access", 8192);

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

    /** Builds {@link AccessLogOptions}; {@link #build()} validates. */
    public static final class Builder {
        private Format format;
        private String pattern;
        private String loggerName;
        private int queueSize;

        private Builder(AccessLogOptions options) {
            format = options.format;
            pattern = options.pattern;
            loggerName = options.loggerName;
            queueSize = options.queueSize;
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

        public AccessLogOptions build() {
            return new AccessLogOptions(format, pattern, loggerName, queueSize);
        }
    }
}
