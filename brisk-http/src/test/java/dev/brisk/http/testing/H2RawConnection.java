package dev.brisk.http.testing;

import dev.brisk.http.testing.H2Frames.Frame;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;

import static dev.brisk.http.testing.H2Frames.DATA;
import static dev.brisk.http.testing.H2Frames.FLAG_END_STREAM;

/**
 * HTTP/2 (h2c prior knowledge) frame by frame over a plain socket, for tests that break the protocol's manners on
 * purpose: never acknowledging SETTINGS, sending part of the preface, opening more streams than allowed, stopping a
 * body half way. Frames are laid out and HPACK-coded by {@link H2Frames}; a header block continued in CONTINUATION
 * frames is read whole. Writes are buffered until {@link #flush()} or the next read.
 */
public final class H2RawConnection implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final H2Frames frames = new H2Frames();
    private final String authority;

    public H2RawConnection(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(10_000);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        authority = "127.0.0.1:" + port;
    }

    /** The client connection preface followed by an empty SETTINGS frame. */
    public H2RawConnection preface() throws IOException {
        prefaceBytes(Integer.MAX_VALUE);
        out.write(H2Frames.settings(Map.of()));
        return this;
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
        out.write(H2Frames.settingsAck());
        return this;
    }

    /** A request's HEADERS frame; {@code extra} are further name, value pairs. */
    public H2RawConnection headers(int streamId, String method, String path, boolean endStream, String... extra)
            throws IOException {
        Http2Headers headers = new DefaultHttp2Headers().method(method).scheme("http").authority(authority)
                .path(path);
        for (int i = 0; i + 1 < extra.length; i += 2) {
            headers.add(extra[i], extra[i + 1]);
        }
        try {
            out.write(frames.headers(streamId, headers, endStream));
        } catch (Http2Exception e) {
            throw new IOException(e);
        }
        return this;
    }

    public H2RawConnection data(int streamId, byte[] data, boolean endStream) throws IOException {
        return frame(DATA, endStream ? FLAG_END_STREAM : 0, streamId, data);
    }

    /** Any frame. */
    public H2RawConnection frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        out.write(H2Frames.encode(type, flags, streamId, payload));
        return this;
    }

    public H2RawConnection flush() throws IOException {
        out.flush();
        return this;
    }

    /**
     * The next frame (a header block with its CONTINUATIONs, decoded), or null when the server closed the connection.
     * Throws {@link SocketTimeoutException} when nothing arrived within {@code timeout}.
     */
    public Frame read(Duration timeout) throws IOException {
        flush();
        socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
        try {
            return frames.read(in);
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

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
