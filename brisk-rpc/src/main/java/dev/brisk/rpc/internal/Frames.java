package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The frame layout, shared by both sides: {@code int length} (of what follows), {@code byte type|flags},
 * {@code int requestId}, then per type: a request or one-way call adds {@code int serviceId, int methodId}, then
 * {@code int remainingMillis} when {@link #FLAG_DEADLINE} is set, {@code long deadlineEpochMillis} when
 * {@link #FLAG_WALL_CLOCK_DEADLINE} is, and {@code string traceId} when {@link #FLAG_TRACING} is, then the serialized
 * arguments; a response the serialized result; an error {@code byte code, string type, string message};
 * a hello (both ways) the protocol version and, from the server, its table of services; heartbeat and goaway nothing.
 * Strings are {@code int length} + UTF-8 ({@code -1} for null).
 */
public final class Frames {

    public static final byte REQUEST = 1;
    public static final byte RESPONSE = 2;
    public static final byte ONE_WAY = 3;
    public static final byte HEARTBEAT = 4;
    public static final byte ERROR = 5;
    public static final byte GOAWAY = 6;
    public static final byte HELLO = 7;

    /**
     * Flag (requests and responses): what follows the request's metadata (the arguments) or the response's header
     * (the result) is deflated (RFC 1951); see {@link #deflateBody} and {@link #inflateBody}.
     */
    public static final byte FLAG_COMPRESSED = 0x40;
    /** Flag (requests): the caller's trace id precedes the arguments. */
    public static final byte FLAG_TRACING = (byte) 0x80;
    /** Flag (requests): the milliseconds the caller still waits precede the arguments (and the trace id). */
    public static final byte FLAG_DEADLINE = 0x20;
    /**
     * Flag (requests, sent only to a server whose hello offered {@link Handshake#FEATURE_WALL_CLOCK_DEADLINE}): the
     * caller's deadline on the wall clock, {@code long} milliseconds since the epoch, follows the remaining milliseconds.
     */
    public static final byte FLAG_WALL_CLOCK_DEADLINE = 0x10;
    /** The flags a request may carry to any server. */
    public static final int KNOWN_REQUEST_FLAGS = (FLAG_TRACING | FLAG_DEADLINE | FLAG_COMPRESSED) & 0xFF;

    public static final int TYPE_MASK = 0x0F;
    /** Bytes before the body: length, type, request id. */
    public static final int HEADER_SIZE = 9;
    public static final int PROTOCOL_VERSION = 1;

    private Frames() {
    }

    public static int type(byte typeAndFlags) {
        return typeAndFlags & TYPE_MASK;
    }

    /** A buffer with the header written and the length still open; {@link #finish} closes it. */
    public static ByteBuf start(ByteBufAllocator alloc, byte type, int requestId, int sizeHint) {
        ByteBuf frame = alloc.ioBuffer(Math.max(HEADER_SIZE + 8, sizeHint));
        frame.writeInt(0);
        frame.writeByte(type);
        frame.writeInt(requestId);
        return frame;
    }

    /** Writes the length; releases the frame and fails when it exceeds {@code limit}. */
    public static ByteBuf finish(ByteBuf frame, int limit, String what) {
        int length = frame.readableBytes() - 4;
        if (length > limit) {
            frame.release();
            throw FrameTooLargeException.of(what, length, limit);
        }
        frame.setInt(frame.readerIndex(), length);
        return frame;
    }

    /** A frame with nothing after the request id. */
    public static ByteBuf empty(ByteBufAllocator alloc, byte type, int requestId) {
        ByteBuf frame = alloc.ioBuffer(HEADER_SIZE);
        frame.writeInt(HEADER_SIZE - 4);
        frame.writeByte(type);
        frame.writeInt(requestId);
        return frame;
    }

    /** An error frame. */
    public static ByteBuf error(ByteBufAllocator alloc, int requestId, ErrorCode code, String type, String message) {
        ByteBuf frame = start(alloc, ERROR, requestId, 64);
        frame.writeByte(code.wire());
        writeString(frame, type);
        writeString(frame, truncate(message));
        frame.setInt(frame.readerIndex(), frame.readableBytes() - 4);
        return frame;
    }

    private static String truncate(String message) {
        return message != null && message.length() > 8192 ? message.substring(0, 8192) + "..." : message;
    }

    public static void writeString(ByteBuf out, String value) {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        int written = out.writeCharSequence(value, StandardCharsets.UTF_8);
        out.setInt(lengthIndex, written);
    }

    public static String readString(ByteBuf in) {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        if (length > in.readableBytes()) {
            throw new IllegalArgumentException("string of " + length + " bytes exceeds the frame ("
                    + in.readableBytes() + " bytes left)");
        }
        return in.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    /**
     * Deflates the body of {@code frame} (from {@code bodyStart} to its end) when it holds at least {@code threshold}
     * bytes ({@code 0}: never) and deflating makes it smaller: returns a new frame with {@link #FLAG_COMPRESSED} set
     * (releasing {@code frame}), or {@code frame} itself. Call before {@link #finish}.
     */
    public static ByteBuf deflateBody(ByteBuf frame, int bodyStart, int threshold, ByteBufAllocator alloc) {
        int bodyLength = frame.writerIndex() - bodyStart;
        if (threshold <= 0 || bodyLength < threshold) {
            return frame;
        }
        byte[] body = new byte[bodyLength];
        frame.getBytes(bodyStart, body);
        Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        byte[] out = new byte[bodyLength];
        int deflatedLength;
        try {
            deflater.setInput(body);
            deflater.finish();
            deflatedLength = deflater.deflate(out);
            if (!deflater.finished()) {
                return frame; // no smaller than it was
            }
        } finally {
            deflater.end();
        }
        int head = bodyStart - frame.readerIndex();
        ByteBuf deflated = alloc.ioBuffer(head + deflatedLength);
        deflated.writeBytes(frame, frame.readerIndex(), head);
        deflated.writeBytes(out, 0, deflatedLength);
        int typeIndex = deflated.readerIndex() + 4;
        deflated.setByte(typeIndex, deflated.getByte(typeIndex) | FLAG_COMPRESSED);
        frame.release();
        return deflated;
    }

    /**
     * The rest of {@code frame} (from its reader index) inflated, as a buffer of its own that needs no release;
     * fails with {@link FrameTooLargeException} when it would exceed {@code limit} bytes, and with
     * {@link IllegalArgumentException} when the bytes are not deflated data.
     */
    public static ByteBuf inflateBody(ByteBuf frame, int limit, String what) {
        byte[] in = new byte[frame.readableBytes()];
        frame.readBytes(in);
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(in);
            byte[] out = new byte[Math.min(limit, Math.max(64, in.length * 4))];
            int length = 0;
            while (!inflater.finished()) {
                if (length == out.length) {
                    if (out.length >= limit) {
                        throw FrameTooLargeException.of(what + " (inflated)", (long) limit + 1, limit);
                    }
                    out = Arrays.copyOf(out, (int) Math.min(limit, out.length * 2L));
                }
                int n = inflater.inflate(out, length, out.length - length);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new IllegalArgumentException("the compressed body of the " + what + " is truncated");
                }
                length += n;
            }
            return Unpooled.wrappedBuffer(out, 0, length);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("the compressed body of the " + what + " is not deflated data: "
                    + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
