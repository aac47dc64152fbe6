package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.charset.StandardCharsets;

/**
 * The frame layout, shared by both sides: {@code int length} (of what follows), {@code byte type|flags},
 * {@code int requestId}, then per type: a request or one-way call adds {@code int serviceId, int methodId}, then
 * {@code int remainingMillis} when {@link #FLAG_DEADLINE} is set and {@code string traceId} when {@link #FLAG_TRACING}
 * is, then the serialized arguments; a response the serialized result; an error {@code byte code, string type, string message};
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

    /** Flag: the body is compressed (reserved: not sent yet, and a frame carrying it is refused). */
    public static final byte FLAG_COMPRESSED = 0x40;
    /** Flag (requests): the caller's trace id precedes the arguments. */
    public static final byte FLAG_TRACING = (byte) 0x80;
    /** Flag (requests): the milliseconds the caller still waits precede the arguments (and the trace id). */
    public static final byte FLAG_DEADLINE = 0x20;
    /** The flags a request may carry. */
    public static final int KNOWN_REQUEST_FLAGS = (FLAG_TRACING | FLAG_DEADLINE) & 0xFF;

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
}
