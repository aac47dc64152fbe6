package dev.brisk.http;

/**
 * HTTP/2 settings the server advertises and enforces.
 *
 * <pre>{@code HttpServer.builder().options(o -> o.http2(h -> h.maxConcurrentStreams(256)))}</pre>
 *
 * @param enabled              whether HTTP/2 is offered at all (ALPN {@code h2}, h2c prior knowledge and upgrade)
 * @param cleartext            whether h2c (prior knowledge and {@code Upgrade: h2c}) is accepted on cleartext ports
 * @param maxConcurrentStreams SETTINGS_MAX_CONCURRENT_STREAMS
 * @param maxHeaderListSize    SETTINGS_MAX_HEADER_LIST_SIZE
 * @param maxFrameSize         SETTINGS_MAX_FRAME_SIZE (16384 to 16777215)
 * @param initialWindowSize    SETTINGS_INITIAL_WINDOW_SIZE
 */
public record Http2Options(boolean enabled, boolean cleartext, long maxConcurrentStreams, long maxHeaderListSize,
                           int maxFrameSize, int initialWindowSize) {

    /** Enabled, h2c allowed, 128 streams, 8 KiB header list, 16 KiB frames, 1 MiB stream window. */
    public static final Http2Options DEFAULT = new Http2Options(true, true, 128, 8192, 16384, 1024 * 1024);

    /** HTTP/2 switched off: only HTTP/1.x is spoken. */
    public static final Http2Options DISABLED = DEFAULT.toBuilder().enabled(false).cleartext(false).build();

    private static final int MIN_FRAME_SIZE = 16384;
    private static final int MAX_FRAME_SIZE = 16777215;

    /** Validates every component; a message names the component and the offending value. */
    public Http2Options {
        if (maxConcurrentStreams < 1) {
            throw new IllegalArgumentException("maxConcurrentStreams must be positive: " + maxConcurrentStreams);
        }
        if (maxHeaderListSize < 1) {
            throw new IllegalArgumentException("maxHeaderListSize must be positive: " + maxHeaderListSize);
        }
        if (maxFrameSize < MIN_FRAME_SIZE || maxFrameSize > MAX_FRAME_SIZE) {
            throw new IllegalArgumentException("maxFrameSize must be within [" + MIN_FRAME_SIZE + ", "
                    + MAX_FRAME_SIZE + "]: " + maxFrameSize);
        }
        if (initialWindowSize < 0) {
            throw new IllegalArgumentException("initialWindowSize must not be negative: " + initialWindowSize);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link Http2Options}; {@link #build()} validates. */
    public static final class Builder {
        private boolean enabled;
        private boolean cleartext;
        private long maxConcurrentStreams;
        private long maxHeaderListSize;
        private int maxFrameSize;
        private int initialWindowSize;

        private Builder(Http2Options options) {
            enabled = options.enabled;
            cleartext = options.cleartext;
            maxConcurrentStreams = options.maxConcurrentStreams;
            maxHeaderListSize = options.maxHeaderListSize;
            maxFrameSize = options.maxFrameSize;
            initialWindowSize = options.initialWindowSize;
        }

        /** Whether HTTP/2 is offered at all; default true. */
        public Builder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        /** Whether h2c is accepted on cleartext ports; default true. */
        public Builder cleartext(boolean cleartext) {
            this.cleartext = cleartext;
            return this;
        }

        /** SETTINGS_MAX_CONCURRENT_STREAMS; default 128. */
        public Builder maxConcurrentStreams(long maxConcurrentStreams) {
            this.maxConcurrentStreams = maxConcurrentStreams;
            return this;
        }

        /** SETTINGS_MAX_HEADER_LIST_SIZE; default 8192. */
        public Builder maxHeaderListSize(long maxHeaderListSize) {
            this.maxHeaderListSize = maxHeaderListSize;
            return this;
        }

        /** SETTINGS_MAX_FRAME_SIZE, 16384 to 16777215; default 16384. */
        public Builder maxFrameSize(int maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
            return this;
        }

        /** SETTINGS_INITIAL_WINDOW_SIZE; default 1 MiB. */
        public Builder initialWindowSize(int initialWindowSize) {
            this.initialWindowSize = initialWindowSize;
            return this;
        }

        public Http2Options build() {
            return new Http2Options(enabled, cleartext, maxConcurrentStreams, maxHeaderListSize, maxFrameSize,
                    initialWindowSize);
        }
    }
}
