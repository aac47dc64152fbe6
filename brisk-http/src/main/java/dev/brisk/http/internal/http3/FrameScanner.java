package dev.brisk.http.internal.http3;

import io.netty.buffer.ByteBuf;

/**
 * Follows the frames of an HTTP/3 request stream as its bytes arrive, in pieces of any size (RFC 9114 section 7.1:
 * a variable-length integer type, a variable-length integer length, the payload), and tells which bytes go on to
 * Netty's codec:
 * <ul>
 *   <li>frames of the types HTTP/3 defines or reserves from HTTP/2 (0x00 to 0x09, 0x0d) go on unchanged, so that the
 *       codec checks them (a type out of place is its connection error);</li>
 *   <li>frames of any other type are unknown and ignored, as section 9 requires: dropped as they arrive, whatever
 *       their length, where the codec would buffer a reserved type's payload and close the connection past 32 KiB;
 *   </li>
 *   <li>a HEADERS frame longer than the limit is found as soon as its length is known, before any of its payload is
 *       buffered: it and everything after it is dropped, and {@link #exceeded()} says so.</li>
 * </ul>
 * A frame's type and length are held back until both are known; the bytes of frames that go on are handed over as
 * ranges of the piece they came in, so a piece made of whole frames of known types goes on as it is.
 */
final class FrameScanner {

    /** Where the bytes that go on are handed, in order. */
    interface Output {

        /** {@code length} bytes of the piece being scanned, from {@code index}. */
        void range(int index, int length);

        /** The first {@code length} bytes of {@code frameHead}: a type and length held back from earlier pieces. */
        void held(byte[] frameHead, int length);
    }

    private static final long HEADERS = 0x01;
    private static final int TYPE = 0;
    private static final int LENGTH = 1;
    private static final int PAYLOAD = 2;

    private final long maxHeadersLength;
    private final byte[] frameHead = new byte[16];
    private int frameHeadLength;
    private int state = TYPE;
    /** Bytes of the variable-length integer being read that are still to come; 0 before its first byte. */
    private int integerLeft;
    private long integer;
    private long type;
    private long payloadLeft;
    private boolean forwarding;
    private boolean exceeded;

    FrameScanner(long maxHeadersLength) {
        this.maxHeadersLength = maxHeadersLength;
    }

    /** Whether a HEADERS frame longer than the limit has been seen: nothing from its start on goes on. */
    boolean exceeded() {
        return exceeded;
    }

    /**
     * At the end of the stream: hands a frame head still kept back to {@code output}, so that the codec sees the frame
     * cut short (its connection error, RFC 9114 section 7.1).
     */
    void end(Output output) {
        if (!exceeded && state != PAYLOAD && frameHeadLength > 0) {
            output.held(frameHead, frameHeadLength);
            frameHeadLength = 0;
        }
    }

    /** Scans the readable bytes of {@code in} without consuming them, handing what goes on to {@code output}. */
    void scan(ByteBuf in, Output output) {
        if (exceeded) {
            return;
        }
        int end = in.writerIndex();
        int i = in.readerIndex();
        int runStart = i;
        // where the frame head being read began in this piece; -1 when it began in an earlier one
        int headStart = state == PAYLOAD || frameHeadLength == 0 ? i : -1;
        while (i < end) {
            if (state == PAYLOAD) {
                int skip = (int) Math.min(payloadLeft, end - i);
                i += skip;
                payloadLeft -= skip;
                if (!forwarding) {
                    runStart = i;
                }
                if (payloadLeft == 0) {
                    state = TYPE;
                }
                continue;
            }
            if (frameHeadLength == 0) {
                headStart = i;
            }
            int b = in.getByte(i++) & 0xFF;
            frameHead[frameHeadLength++] = (byte) b;
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
                continue;
            }
            payloadLeft = integer;
            if (type == HEADERS && payloadLeft > maxHeadersLength) {
                exceeded = true;
                if (headStart >= 0 && headStart > runStart) {
                    output.range(runStart, headStart - runStart);
                }
                return;
            }
            forwarding = isKnown(type);
            if (headStart < 0) {
                // the head began in an earlier piece, which kept it back: it goes on (or not) from here
                if (forwarding) {
                    output.held(frameHead, frameHeadLength);
                }
                runStart = i;
            } else if (!forwarding) {
                if (headStart > runStart) {
                    output.range(runStart, headStart - runStart);
                }
                runStart = i;
            }
            frameHeadLength = 0;
            state = payloadLeft == 0 ? TYPE : PAYLOAD;
        }
        // a frame head cut by the end of the piece is kept back until it is complete
        int runEnd = state != PAYLOAD && frameHeadLength > 0 ? Math.max(headStart, runStart) : end;
        if (headStart < 0 && state != PAYLOAD && frameHeadLength > 0) {
            runEnd = runStart;
        }
        if (runEnd > runStart) {
            output.range(runStart, runEnd - runStart);
        }
    }

    /** The frame types of RFC 9114 and those it reserves from HTTP/2 (section 11.2.1). */
    private static boolean isKnown(long type) {
        return type >= 0 && type <= 0x09 || type == 0x0d;
    }
}
