package dev.brisk.client.internal.exchange;

import io.netty.buffer.ByteBuf;

import java.util.Arrays;

/**
 * Collects a response body into one heap array: sized exactly when {@code Content-Length} is known, grown by doubling
 * otherwise. One copy from the socket buffers; the result is plain garbage-collected memory, nothing to release.
 */
public final class BodyBuffer {

    private static final byte[] EMPTY = new byte[0];

    private byte[] data;
    private int size;
    private final long max;

    public BodyBuffer(long expectedLength, long max) {
        this.max = max;
        this.data = expectedLength == 0 ? EMPTY : new byte[(int) (expectedLength > 0 ? expectedLength : 1024)];
    }

    /** Appends the readable bytes of {@code content}; false when that would pass the limit. */
    public boolean append(ByteBuf content) {
        int n = content.readableBytes();
        if (n == 0) {
            return true;
        }
        long needed = (long) size + n;
        if (needed > max) {
            return false;
        }
        if (needed > data.length) {
            long grown = Math.max(needed, Math.min(max, Math.max(1024L, (long) data.length << 1)));
            data = Arrays.copyOf(data, (int) grown);
        }
        content.getBytes(content.readerIndex(), data, size, n);
        size += n;
        return true;
    }

    public byte[] data() {
        return data;
    }

    public int size() {
        return size;
    }
}
