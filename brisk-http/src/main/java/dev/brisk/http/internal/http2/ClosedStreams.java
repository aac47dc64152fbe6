package dev.brisk.http.internal.http2;

/**
 * The most recently closed streams of a connection and how each closed, so a frame on a stream that no longer exists
 * can be answered as RFC 9113 (section 5.1) asks: ignored after our RST_STREAM, a connection error of type
 * STREAM_CLOSED after a normal close, a PROTOCOL_ERROR for an identifier that was never used.
 */
final class ClosedStreams {

    /** What is known of a stream that no longer exists. */
    enum Fate { RESET, CLOSED, UNKNOWN }

    private static final int CAPACITY = 1024;

    private final int[] ids = new int[CAPACITY];
    private final boolean[] reset = new boolean[CAPACITY];
    private int next;
    private int size;

    void add(int streamId, boolean resetSent) {
        ids[next] = streamId;
        reset[next] = resetSent;
        next = (next + 1) % CAPACITY;
        if (size < CAPACITY) {
            size++;
        }
    }

    Fate fate(int streamId) {
        for (int i = 0; i < size; i++) {
            if (ids[i] == streamId) {
                return reset[i] ? Fate.RESET : Fate.CLOSED;
            }
        }
        return Fate.UNKNOWN;
    }
}
