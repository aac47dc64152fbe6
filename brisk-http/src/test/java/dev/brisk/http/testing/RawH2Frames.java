package dev.brisk.http.testing;

import dev.brisk.http.testing.H2Frames.Frame;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Headers;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Map;

import java.io.BufferedInputStream;
import static dev.brisk.http.testing.H2Frames.GOAWAY;
import static dev.brisk.http.testing.H2Frames.SETTINGS;

/**
 * HTTP/2 over a plain blocking socket, frame by frame, with no validation on the sending side: for tests that send
 * malformed requests and look at exactly which frames come back. Frames are laid out and header blocks HPACK-coded by
 * {@link H2Frames}.
 */
public final class RawH2Frames implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final H2Frames frames = new H2Frames();

    public RawH2Frames(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
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
        send(H2Frames.settings(Map.of()));
        if (ackSettings) {
            send(H2Frames.settingsAck());
        }
        return this;
    }

    /** Sends a HEADERS frame holding {@code headers} as given (no validation). */
    public RawH2Frames headers(int streamId, Http2Headers headers, boolean endStream) throws Exception {
        return send(frames.headers(streamId, headers, endStream));
    }

    public RawH2Frames data(int streamId, String text, boolean endStream) throws IOException {
        return send(H2Frames.data(streamId, text, endStream));
    }

    public RawH2Frames frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        return send(H2Frames.encode(type, flags, streamId, payload));
    }

    private RawH2Frames send(byte[] frame) throws IOException {
        out.write(frame);
        out.flush();
        return this;
    }

    /** The next frame, or null when the server closed the connection or nothing came within {@code millis}. */
    public Frame next(int millis) throws Exception {
        socket.setSoTimeout(millis);
        try {
            return frames.read(in);
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException closedOrReset) {
            return null;
        }
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
            if (frame.type() == SETTINGS && !frame.has(H2Frames.FLAG_ACK)) {
                continue;
            }
            if (frame.type() == type && (streamId == 0 || frame.streamId() == streamId)) {
                return frame;
            }
            if (frame.type() == GOAWAY && type != GOAWAY) {
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
