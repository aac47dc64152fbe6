package dev.brisk.http.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HTTP/2 frame layout (RFC 9113 section 4.1) for tests that write and read frames themselves, over a socket or an
 * embedded channel: a frame is encoded as its 9-byte header followed by the payload, and decoded back; HEADERS are
 * HPACK-encoded as given (no validation) and decoded with Netty's HPACK coder. One instance per connection, since
 * HPACK keeps state in both directions; a header block to decode is given whole (a HEADERS frame with END_HEADERS,
 * or one whose CONTINUATION payloads the caller appended).
 */
public final class H2Frames {

    public static final int FRAME_HEADER_LENGTH = 9;

    public static final int DATA = 0x0;
    public static final int HEADERS = 0x1;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int WINDOW_UPDATE = 0x8;
    public static final int CONTINUATION = 0x9;

    public static final int FLAG_END_STREAM = 0x1;
    public static final int FLAG_ACK = 0x1;
    public static final int FLAG_END_HEADERS = 0x4;
    public static final int FLAG_PADDED = 0x8;
    public static final int FLAG_PRIORITY = 0x20;

    private final Http2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE,
            false, 16, Integer.MAX_VALUE);
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);

    /** One frame; {@code headers} is the decoded header block of a HEADERS frame, else null. */
    public record Frame(int type, int flags, int streamId, byte[] payload, Http2Headers headers) {

        public boolean has(int flag) {
            return (flags & flag) != 0;
        }

        public boolean endStream() {
            return has(FLAG_END_STREAM);
        }

        /** The error code of a RST_STREAM or GOAWAY frame. */
        public long errorCode() {
            return uint32(payload, type == GOAWAY ? 4 : 0);
        }

        /** The last stream id of a GOAWAY frame. */
        public int lastStreamId() {
            return (int) (uint32(payload, 0) & 0x7FFFFFFF);
        }

        /** The increment of a WINDOW_UPDATE frame. */
        public int windowIncrement() {
            return (int) (uint32(payload, 0) & 0x7FFFFFFF);
        }

        /** The parameters of a SETTINGS frame, by identifier, in the order sent. */
        public Map<Integer, Long> settings() {
            Map<Integer, Long> settings = new LinkedHashMap<>();
            for (int i = 0; i + 6 <= payload.length; i += 6) {
                settings.put(((payload[i] & 0xFF) << 8) | (payload[i + 1] & 0xFF), uint32(payload, i + 2));
            }
            return settings;
        }

        /** The {@code :status} of a HEADERS frame, or null. */
        public String status() {
            return headers == null || headers.status() == null ? null : headers.status().toString();
        }

        /** The payload as UTF-8 text (the body bytes of a DATA frame without padding). */
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "Frame[type=" + type + ", flags=0x" + Integer.toHexString(flags) + ", stream=" + streamId
                    + ", length=" + payload.length + (headers == null ? "" : ", headers=" + headers) + "]";
        }
    }

    /** The bytes of one frame: the 9-byte header, then {@code payload}. */
    public static byte[] encode(int type, int flags, int streamId, byte[] payload) {
        byte[] frame = new byte[FRAME_HEADER_LENGTH + payload.length];
        frame[0] = (byte) (payload.length >>> 16);
        frame[1] = (byte) (payload.length >>> 8);
        frame[2] = (byte) payload.length;
        frame[3] = (byte) type;
        frame[4] = (byte) flags;
        frame[5] = (byte) (streamId >>> 24);
        frame[6] = (byte) (streamId >>> 16);
        frame[7] = (byte) (streamId >>> 8);
        frame[8] = (byte) streamId;
        System.arraycopy(payload, 0, frame, FRAME_HEADER_LENGTH, payload.length);
        return frame;
    }

    /** The payload length announced by a frame header. */
    public static int payloadLength(byte[] head) {
        return ((head[0] & 0xFF) << 16) | ((head[1] & 0xFF) << 8) | (head[2] & 0xFF);
    }

    /** A request head with the usual pseudo-headers for {@code method} and {@code path}, unvalidated. */
    public static Http2Headers request(String method, String path) {
        Http2Headers headers = new DefaultHttp2Headers(false);
        headers.method(method).path(path).scheme("http").authority("localhost");
        return headers;
    }

    /** A HEADERS frame (END_HEADERS set) holding {@code headers} HPACK-encoded as given. */
    public byte[] headers(int streamId, Http2Headers headers, boolean endStream) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        try {
            encoder.encodeHeaders(streamId, headers, block);
            byte[] bytes = new byte[block.readableBytes()];
            block.readBytes(bytes);
            return encode(HEADERS, FLAG_END_HEADERS | (endStream ? FLAG_END_STREAM : 0), streamId, bytes);
        } finally {
            block.release();
        }
    }

    /** A DATA frame holding {@code text} as UTF-8. */
    public static byte[] data(int streamId, String text, boolean endStream) {
        return encode(DATA, endStream ? FLAG_END_STREAM : 0, streamId, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A SETTINGS frame with the given (identifier, value) pairs; empty for none. */
    public static byte[] settings(Map<Integer, Long> settings) {
        byte[] payload = new byte[6 * settings.size()];
        int i = 0;
        for (Map.Entry<Integer, Long> setting : settings.entrySet()) {
            payload[i] = (byte) (setting.getKey() >>> 8);
            payload[i + 1] = (byte) (int) setting.getKey();
            putUint32(payload, i + 2, setting.getValue());
            i += 6;
        }
        return encode(SETTINGS, 0, 0, payload);
    }

    public static byte[] settingsAck() {
        return encode(SETTINGS, FLAG_ACK, 0, new byte[0]);
    }

    public static byte[] ping(boolean ack, byte[] opaque) {
        return encode(PING, ack ? FLAG_ACK : 0, 0, opaque);
    }

    public static byte[] rstStream(int streamId, long errorCode) {
        byte[] payload = new byte[4];
        putUint32(payload, 0, errorCode);
        return encode(RST_STREAM, 0, streamId, payload);
    }

    /**
     * Decodes one frame from its header and payload; HEADERS frames are HPACK-decoded, so every frame of the
     * connection must pass here in the order received.
     */
    public Frame decode(byte[] head, byte[] payload) throws Http2Exception {
        int type = head[3] & 0xFF;
        int flags = head[4] & 0xFF;
        int streamId = (int) (uint32(head, 5) & 0x7FFFFFFF);
        Http2Headers headers = null;
        if (type == HEADERS) {
            if ((flags & FLAG_END_HEADERS) == 0) {
                throw new IllegalStateException("header block continued in CONTINUATION frames: not supported");
            }
            int offset = 0;
            int end = payload.length;
            if ((flags & FLAG_PADDED) != 0) {
                end -= payload[0] & 0xFF;
                offset = 1;
            }
            if ((flags & FLAG_PRIORITY) != 0) {
                offset += 5;
            }
            ByteBuf block = Unpooled.wrappedBuffer(payload, offset, end - offset);
            try {
                headers = decoder.decodeHeaders(streamId, block);
            } finally {
                block.release();
            }
        }
        return new Frame(type, flags, streamId, payload, headers);
    }

    /** Decodes the next frame of {@code in} if it holds a whole one (advancing it), else returns null. */
    public Frame decode(ByteBuf in) throws Http2Exception {
        if (in.readableBytes() < FRAME_HEADER_LENGTH) {
            return null;
        }
        byte[] head = new byte[FRAME_HEADER_LENGTH];
        in.getBytes(in.readerIndex(), head);
        int length = payloadLength(head);
        if (in.readableBytes() < FRAME_HEADER_LENGTH + length) {
            return null;
        }
        byte[] payload = new byte[length];
        in.skipBytes(FRAME_HEADER_LENGTH).readBytes(payload);
        return decode(head, payload);
    }

    /**
     * Reads and decodes the next frame of a blocking stream; a HEADERS frame is read together with its CONTINUATION
     * frames (their payloads appended, END_HEADERS then set). Throws {@link java.io.EOFException} at the end.
     */
    public Frame read(DataInputStream in) throws IOException {
        byte[] head = new byte[FRAME_HEADER_LENGTH];
        in.readFully(head);
        byte[] payload = readPayload(in, head);
        if ((head[3] & 0xFF) == HEADERS && (head[4] & FLAG_END_HEADERS) == 0) {
            if ((head[4] & FLAG_PADDED) != 0) {
                throw new IOException("a padded header block continued in CONTINUATION frames is not supported");
            }
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            block.write(payload);
            byte[] next = new byte[FRAME_HEADER_LENGTH];
            do {
                in.readFully(next);
                if ((next[3] & 0xFF) != CONTINUATION) {
                    throw new IOException("expected CONTINUATION, got frame type " + (next[3] & 0xFF));
                }
                block.write(readPayload(in, next));
            } while ((next[4] & FLAG_END_HEADERS) == 0);
            head[4] |= FLAG_END_HEADERS;
            payload = block.toByteArray();
        }
        try {
            return decode(head, payload);
        } catch (Http2Exception e) {
            throw new IOException("undecodable header block on stream " + (uint32(head, 5) & 0x7FFFFFFF), e);
        }
    }

    private static byte[] readPayload(DataInputStream in, byte[] head) throws IOException {
        byte[] payload = new byte[payloadLength(head)];
        in.readFully(payload);
        return payload;
    }

    private static long uint32(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xFFL) << 24) | ((bytes[offset + 1] & 0xFF) << 16)
                | ((bytes[offset + 2] & 0xFF) << 8) | (bytes[offset + 3] & 0xFF);
    }

    private static void putUint32(byte[] bytes, int offset, long value) {
        bytes[offset] = (byte) (value >>> 24);
        bytes[offset + 1] = (byte) (value >>> 16);
        bytes[offset + 2] = (byte) (value >>> 8);
        bytes[offset + 3] = (byte) value;
    }
}
