package dev.brisk.http.internal.http3;

import io.netty.buffer.ByteBuf;

/**
 * Follows the frames of an HTTP/3 request stream as its bytes arrive, in pieces of any size (RFC 9114 section 7.1:
 * a variable-length integer type, a variable-length integer length, the payload), to find a HEADERS frame longer
 * than a limit as soon as its length is known: before any of its payload is buffered, and whatever its length.
 * It only reads: what the codec receives is unchanged up to that frame.
 */
final class FrameScanner {

    private static final long HEADERS = 0x01;
    private static final int TYPE = 0;
    private static final int LENGTH = 1;
    private static final int PAYLOAD = 2;

    private final long maxHeadersLength;
    private int state = TYPE;
    /** Bytes of the variable-length integer being read that are still to come; 0 before its first byte. */
    private int integerLeft;
    private long integer;
    private long type;
    private long payloadLeft;
    private boolean exceeded;

    FrameScanner(long maxHeadersLength) {
        this.maxHeadersLength = maxHeadersLength;
    }

    /** Whether a HEADERS frame longer than the limit has been seen: nothing from its start on is to be passed on. */
    boolean exceeded() {
        return exceeded;
    }

    /**
     * Scans the readable bytes of {@code in} without consuming them, and answers how many of them, from its reader
     * index, come before an oversized HEADERS frame: all of them while the frames are within the limit, 0 once one
     * was found (also when the frame started in an earlier piece).
     */
    int scan(ByteBuf in) {
        if (exceeded) {
            return 0;
        }
        int start = in.readerIndex();
        int end = in.writerIndex();
        int frameStart = start;
        int i = start;
        while (i < end) {
            if (state == PAYLOAD) {
                long skip = Math.min(payloadLeft, end - i);
                i += (int) skip;
                payloadLeft -= skip;
                if (payloadLeft == 0) {
                    state = TYPE;
                }
                continue;
            }
            int b = in.getByte(i) & 0xFF;
            if (state == TYPE && integerLeft == 0) {
                frameStart = i;
            }
            i++;
            if (integerLeft == 0) {
                integerLeft = (1 << (b >> 6)) - 1;
                integer = b & 0x3F;
            } else {
                integer = integer << 8 | b;
                integerLeft--;
            }
            if (integerLeft > 0) {
                continue;
            }
            if (state == TYPE) {
                type = integer;
                state = LENGTH;
            } else {
                payloadLeft = integer;
                if (type == HEADERS && payloadLeft > maxHeadersLength) {
                    exceeded = true;
                    return Math.max(frameStart - start, 0);
                }
                state = payloadLeft == 0 ? TYPE : PAYLOAD;
            }
        }
        return end - start;
    }
}
