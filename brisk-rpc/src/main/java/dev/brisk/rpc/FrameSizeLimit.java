package dev.brisk.rpc;

/**
 * The {@code maxFrameSize} option of {@link RpcServerOptions} and {@link RpcClientOptions}: one default, since a
 * client and a server left at theirs must take each other's frames, and one lower bound.
 */
final class FrameSizeLimit {

    /** The default limit, 16 MiB. */
    static final int DEFAULT = 16 * 1024 * 1024;

    private static final int SMALLEST = 64;

    private FrameSizeLimit() {
    }

    /** {@code maxFrameSize}, which must be at least 64 bytes. */
    static int checked(int maxFrameSize) {
        if (maxFrameSize < SMALLEST) {
            throw new IllegalArgumentException("maxFrameSize must be at least " + SMALLEST + ": " + maxFrameSize);
        }
        return maxFrameSize;
    }
}
