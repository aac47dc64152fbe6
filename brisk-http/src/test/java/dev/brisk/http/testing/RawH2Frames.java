package dev.brisk.http.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/2 over a plain blocking socket, frame by frame, with no validation on the sending side: for tests that send
 * malformed requests and look at exactly which frames come back. Header blocks are HPACK-encoded as given.
 */
public final class RawH2Frames implements AutoCloseable {

    public static final int DATA = 0;
    public static final int HEADERS = 1;
    public static final int RST_STREAM = 3;
    public static final int SETTINGS = 4;
    public static final int PING = 6;
    public static final int GOAWAY = 7;
    public static final int WINDOW_UPDATE = 8;

    /** One frame received; {@code headers} is decoded for HEADERS frames. */
    public record Frame(int type, int flags, int streamId, byte[] payload, Http2Headers headers) {

        public boolean endStream() {
            return (flags & 0x1) != 0;
        }

        /** The error code of a RST_STREAM or GOAWAY frame. */
        public long errorCode() {
            int offset = type == GOAWAY ? 4 : 0;
            return ((payload[offset] & 0xFFL) << 24) | ((payload[offset + 1] & 0xFF) << 16)
                    | ((payload[offset + 2] & 0xFF) << 8) | (payload[offset + 3] & 0xFF);
        }

        /** The last stream id of a GOAWAY frame. */
        public int lastStreamId() {
            return ((payload[0] & 0x7F) << 24) | ((payload[1] & 0xFF) << 16) | ((payload[2] & 0xFF) << 8)
                    | (payload[3] & 0xFF);
        }

        public String status() {
            return headers == null || headers.status() == null ? null : headers.status().toString();
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final Http2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE,
            false, 16, Integer.MAX_VALUE);
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);

    public RawH2Frames(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
        out = socket.getOutputStream();
    }

    public Socket socket() {
        return socket;
    }

    /** Sends the preface and an empty SETTINGS frame; {@code ackSettings} also ACKs the server's SETTINGS. */
    public RawH2Frames handshake(boolean ackSettings) throws IOException {
        ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();
        byte[] bytes = new byte[preface.readableBytes()];
        preface.getBytes(preface.readerIndex(), bytes);
        out.write(bytes);
        frame(SETTINGS, 0, 0, new byte[0]);
        if (ackSettings) {
            frame(SETTINGS, 0x1, 0, new byte[0]);
        }
        return this;
    }

    /** A request head with the usual pseudo-headers for {@code method} and {@code path}. */
    public static Http2Headers request(String method, String path) {
        Http2Headers headers = new DefaultHttp2Headers(false);
        headers.method(method).path(path).scheme("http").authority("localhost");
        return headers;
    }

    /** Sends a HEADERS frame holding {@code headers} as given (no validation). */
    public RawH2Frames headers(int streamId, Http2Headers headers, boolean endStream) throws Exception {
        ByteBuf block = ByteBufAllocator.DEFAULT.heapBuffer();
        try {
            encoder.encodeHeaders(streamId, headers, block);
            byte[] bytes = new byte[block.readableBytes()];
            block.readBytes(bytes);
            frame(HEADERS, 0x4 | (endStream ? 0x1 : 0), streamId, bytes);
        } finally {
            block.release();
        }
        return this;
    }

    public RawH2Frames data(int streamId, String text, boolean endStream) throws IOException {
        return frame(DATA, endStream ? 0x1 : 0, streamId, text.getBytes(StandardCharsets.UTF_8));
    }

    public RawH2Frames frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        byte[] head = new byte[9];
        head[0] = (byte) (payload.length >>> 16);
        head[1] = (byte) (payload.length >>> 8);
        head[2] = (byte) payload.length;
        head[3] = (byte) type;
        head[4] = (byte) flags;
        head[5] = (byte) (streamId >>> 24);
        head[6] = (byte) (streamId >>> 16);
        head[7] = (byte) (streamId >>> 8);
        head[8] = (byte) streamId;
        out.write(head);
        out.write(payload);
        out.flush();
        return this;
    }

    /** The next frame, or null when the server closed the connection or nothing came within {@code millis}. */
    public Frame next(int millis) throws Exception {
        socket.setSoTimeout(millis);
        byte[] head = new byte[9];
        try {
            in.readFully(head);
        } catch (EOFException | SocketTimeoutException e) {
            return null;
        } catch (IOException reset) {
            return null;
        }
        int length = ((head[0] & 0xFF) << 16) | ((head[1] & 0xFF) << 8) | (head[2] & 0xFF);
        int type = head[3] & 0xFF;
        int flags = head[4] & 0xFF;
        int streamId = ((head[5] & 0x7F) << 24) | ((head[6] & 0xFF) << 16) | ((head[7] & 0xFF) << 8)
                | (head[8] & 0xFF);
        byte[] payload = new byte[length];
        in.readFully(payload);
        Http2Headers headers = null;
        if (type == HEADERS) {
            int offset = 0;
            int end = length;
            if ((flags & 0x8) != 0) {
                end -= payload[0] & 0xFF;
                offset = 1;
            }
            if ((flags & 0x20) != 0) {
                offset += 5;
            }
            headers = decoder.decodeHeaders(streamId, Unpooled.wrappedBuffer(payload, offset, end - offset));
        }
        return new Frame(type, flags, streamId, payload, headers);
    }

    /** Reads frames until one of {@code type} for {@code streamId} (any stream when 0), or null at close/timeout. */
    public Frame await(int type, int streamId, int millis) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        while (true) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return null;
            }
            Frame frame = next((int) left);
            if (frame == null) {
                return null;
            }
            if (frame.type == SETTINGS && (frame.flags & 0x1) == 0) {
                continue;
            }
            if (frame.type == type && (streamId == 0 || frame.streamId == streamId)) {
                return frame;
            }
            if (frame.type == GOAWAY && type != GOAWAY) {
                return frame;
            }
        }
    }

    /** Whether the server closed the connection within {@code millis}, reading and dropping frames meanwhile. */
    public boolean closedWithin(int millis) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            socket.setSoTimeout((int) Math.max(1, deadline - System.currentTimeMillis()));
            try {
                byte[] skip = new byte[4096];
                if (in.read(skip) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException reset) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
