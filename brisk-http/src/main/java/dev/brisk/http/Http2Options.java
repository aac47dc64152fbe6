package dev.brisk.http;

/**
 * HTTP/2 settings the server advertises and enforces.
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
    public static final Http2Options DISABLED = new Http2Options(false, false, 128, 8192, 16384, 1024 * 1024);

    public Http2Options {
        if (maxConcurrentStreams < 1) {
            throw new IllegalArgumentException("maxConcurrentStreams must be >= 1: " + maxConcurrentStreams);
        }
        if (maxHeaderListSize < 1) {
            throw new IllegalArgumentException("maxHeaderListSize must be >= 1: " + maxHeaderListSize);
        }
        if (maxFrameSize < 16384 || maxFrameSize > 16777215) {
            throw new IllegalArgumentException("maxFrameSize must be within [16384, 16777215]: " + maxFrameSize);
        }
        if (initialWindowSize < 0) {
            throw new IllegalArgumentException("initialWindowSize must be >= 0: " + initialWindowSize);
        }
    }

    public Http2Options withMaxConcurrentStreams(long value) {
        return new Http2Options(enabled, cleartext, value, maxHeaderListSize, maxFrameSize, initialWindowSize);
    }

    public Http2Options withMaxHeaderListSize(long value) {
        return new Http2Options(enabled, cleartext, maxConcurrentStreams, value, maxFrameSize, initialWindowSize);
    }

    public Http2Options withMaxFrameSize(int value) {
        return new Http2Options(enabled, cleartext, maxConcurrentStreams, maxHeaderListSize, value, initialWindowSize);
    }

    public Http2Options withInitialWindowSize(int value) {
        return new Http2Options(enabled, cleartext, maxConcurrentStreams, maxHeaderListSize, maxFrameSize, value);
    }

    public Http2Options withCleartext(boolean value) {
        return new Http2Options(enabled, value, maxConcurrentStreams, maxHeaderListSize, maxFrameSize, initialWindowSize);
    }
}
