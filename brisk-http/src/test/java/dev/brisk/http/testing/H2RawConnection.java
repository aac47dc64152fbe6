package dev.brisk.http.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * HTTP/2 (h2c prior knowledge) frame by frame over a plain socket, for tests that break the protocol's manners on
 * purpose: never acknowledging SETTINGS, sending part of the preface, opening more streams than allowed, stopping a
 * body half way. Only HPACK is delegated to Netty. Writes are buffered until {@link #flush()} or the next read.
 */
public final class H2RawConnection implements AutoCloseable {

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

    public static final long REFUSED_STREAM = 0x7;
    public static final long SETTINGS_TIMEOUT = 0x4;

    /**
     * One frame received.
     *
     * @param headers the decoded header block of a HEADERS frame (CONTINUATIONs merged), else null
     */
    public record Frame(int type, int flags, int streamId, byte[] payload, Http2Headers headers) {

        public boolean has(int flag) {
            return (flags & flag) != 0;
        }

        /** The error code of a RST_STREAM or GOAWAY frame. */
        public long errorCode() {
            int offset = type == GOAWAY ? 4 : 0;
            return ByteBuffer.wrap(payload, offset, 4).getInt() & 0xFFFFFFFFL;
        }

        /** The {@code :status} of a HEADERS frame, or -1. */
        public int status() {
            return headers == null || headers.status() == null ? -1 : Integer.parseInt(headers.status().toString());
        }

        @Override
        public String toString() {
            return "Frame[type=" + type + ", flags=" + flags + ", stream=" + streamId + ", length=" + payload.length
                    + (headers != null ? ", headers=" + headers : "")
                    + (type == RST_STREAM || type == GOAWAY ? ", error=" + errorCode() : "") + "]";
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final DefaultHttp2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder();
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);
    private final String authority;

    public H2RawConnection(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(10_000);
        in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        authority = "127.0.0.1:" + port;
    }

    /** The client connection preface followed by an empty SETTINGS frame. */
    public H2RawConnection preface() throws IOException {
        prefaceBytes(Integer.MAX_VALUE);
        return frame(SETTINGS, 0, 0, new byte[0]);
    }

    /** The first {@code count} bytes of the connection preface only. */
    public H2RawConnection prefaceBytes(int count) throws IOException {
        ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();
        try {
            byte[] bytes = new byte[Math.min(count, preface.readableBytes())];
            preface.getBytes(preface.readerIndex(), bytes);
            out.write(bytes);
        } finally {
            preface.release();
        }
        return this;
    }

    public H2RawConnection settingsAck() throws IOException {
        return frame(SETTINGS, FLAG_ACK, 0, new byte[0]);
    }

    /** A request's HEADERS frame; {@code extra} are further name, value pairs. */
    public H2RawConnection headers(int streamId, String method, String path, boolean endStream, String... extra)
            throws IOException {
        Http2Headers headers = new DefaultHttp2Headers().method(method).scheme("http").authority(authority)
                .path(path);
        for (int i = 0; i + 1 < extra.length; i += 2) {
            headers.add(extra[i], extra[i + 1]);
        }
        ByteBuf block = Unpooled.buffer();
        try {
            encoder.encodeHeaders(streamId, headers, block);
            byte[] bytes = new byte[block.readableBytes()];
            block.readBytes(bytes);
            return frame(HEADERS, FLAG_END_HEADERS | (endStream ? FLAG_END_STREAM : 0), streamId, bytes);
        } catch (Http2Exception e) {
            throw new IOException(e);
        } finally {
            block.release();
        }
    }

    public H2RawConnection data(int streamId, byte[] data, boolean endStream) throws IOException {
        return frame(DATA, endStream ? FLAG_END_STREAM : 0, streamId, data);
    }

    /** Any frame. */
    public H2RawConnection frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        out.write(payload.length >>> 16);
        out.write(payload.length >>> 8);
        out.write(payload.length);
        out.write(type);
        out.write(flags);
        out.write(ByteBuffer.allocate(4).putInt(streamId & 0x7FFFFFFF).array());
        out.write(payload);
        return this;
    }

    public H2RawConnection flush() throws IOException {
        out.flush();
        return this;
    }

    /**
     * The next frame, or null when the server closed the connection. Throws {@link SocketTimeoutException} when
     * nothing arrived within {@code timeout}.
     */
    public Frame read(Duration timeout) throws IOException {
        flush();
        socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
        try {
            Frame frame = readRaw();
            if (frame == null || frame.type() != HEADERS) {
                return frame;
            }
            return new Frame(HEADERS, frame.flags(), frame.streamId(), frame.payload(), decode(frame));
        } catch (EOFException | SocketException closed) {
            return null;
        }
    }

    /**
     * Reads until a frame matches; returns it, or null when the connection closed first. Fails with
     * {@link SocketTimeoutException} when nothing matched within {@code timeout}.
     */
    public Frame await(Predicate<Frame> match, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("no matching frame within " + timeout);
            }
            Frame frame = read(Duration.ofNanos(left));
            if (frame == null || match.test(frame)) {
                return frame;
            }
        }
    }

    /** Reads (and drops) frames until the server closes the connection; false if it did not within {@code timeout}. */
    public boolean awaitClose(Duration timeout) throws IOException {
        try {
            return await(frame -> false, timeout) == null;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private Frame readRaw() throws IOException {
        int length = in.read();
        if (length < 0) {
            return null;
        }
        length = length << 16 | in.readUnsignedByte() << 8 | in.readUnsignedByte();
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int streamId = in.readInt() & 0x7FFFFFFF;
        byte[] payload = new byte[length];
        in.readFully(payload);
        return new Frame(type, flags, streamId, payload, null);
    }

    /** Decodes a HEADERS frame's block, reading its CONTINUATION frames; keeps the HPACK table in step. */
    private Http2Headers decode(Frame frame) throws IOException {
        byte[] payload = frame.payload();
        int start = 0;
        int end = payload.length;
        if (frame.has(FLAG_PADDED)) {
            end -= payload[0] & 0xFF;
            start = 1;
        }
        if (frame.has(FLAG_PRIORITY)) {
            start += 5;
        }
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.write(payload, start, end - start);
        boolean endHeaders = frame.has(FLAG_END_HEADERS);
        while (!endHeaders) {
            Frame continuation = readRaw();
            if (continuation == null || continuation.type() != CONTINUATION) {
                throw new IOException("expected CONTINUATION, got " + continuation);
            }
            block.write(continuation.payload());
            endHeaders = continuation.has(FLAG_END_HEADERS);
        }
        ByteBuf buffer = Unpooled.wrappedBuffer(block.toByteArray());
        try {
            return decoder.decodeHeaders(frame.streamId(), buffer);
        } catch (Http2Exception e) {
            throw new IOException(e);
        } finally {
            buffer.release();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
