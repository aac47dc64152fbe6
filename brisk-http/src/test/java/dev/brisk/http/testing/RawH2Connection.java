package dev.brisk.http.testing;

import dev.brisk.http.testing.H2Frames.Frame;
import io.netty.handler.codec.http2.Http2Error;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.brisk.http.testing.H2Frames.CONTINUATION;
import static dev.brisk.http.testing.H2Frames.DATA;
import static dev.brisk.http.testing.H2Frames.FLAG_ACK;
import static dev.brisk.http.testing.H2Frames.FLAG_END_HEADERS;
import static dev.brisk.http.testing.H2Frames.FLAG_END_STREAM;
import static dev.brisk.http.testing.H2Frames.FLAG_PADDED;
import static dev.brisk.http.testing.H2Frames.GOAWAY;
import static dev.brisk.http.testing.H2Frames.HEADERS;
import static dev.brisk.http.testing.H2Frames.PING;
import static dev.brisk.http.testing.H2Frames.RST_STREAM;
import static dev.brisk.http.testing.H2Frames.SETTINGS;
import static dev.brisk.http.testing.H2Frames.WINDOW_UPDATE;

/**
 * HTTP/2 by prior knowledge over a plain blocking socket, frame by frame, for tests that must send what no proper
 * client would: header blocks are encoded here as HPACK literals, in exactly the order, case and bytes given
 * (pseudo-headers anywhere, duplicates, upper case, CR/LF/NUL), so nothing is validated or reordered on the way out.
 * Responses are read and decoded by {@link H2Frames}. SETTINGS and PING are acknowledged while reading.
 *
 * <p>{@link #await} reads until the given streams are finished; a timeout inside a frame leaves the connection
 * unusable, so await once per connection.
 */
public final class RawH2Connection implements AutoCloseable {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The smallest SETTINGS_MAX_FRAME_SIZE a peer may announce; header blocks are split to fit it. */
    private static final int MAX_FRAME = 16384;

    /** One header field, name and value taken as Latin-1 bytes. */
    public record Field(String name, String value) {
    }

    /** What the server sent on one stream. */
    public static final class StreamOutcome {
        private int status = -1;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private boolean ended;
        private long resetCode = -1;

        /** The {@code :status} of the first response HEADERS, or -1. */
        public int status() {
            return status;
        }

        public String body() {
            return body.toString(StandardCharsets.UTF_8);
        }

        /** The error code of a RST_STREAM the server sent, or -1. */
        public long resetCode() {
            return resetCode;
        }

        /** Whether the server finished the stream, with END_STREAM or RST_STREAM. */
        public boolean finished() {
            return ended || resetCode >= 0;
        }

        /** E.g. {@code "200 'ok 7'"}, {@code "RST_STREAM(PROTOCOL_ERROR)"}, {@code "431, RST_STREAM(CANCEL)"}. */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            if (status >= 0) {
                text.append(status).append(" '").append(body()).append('\'');
            }
            if (resetCode >= 0) {
                text.append(text.isEmpty() ? "" : ", ").append("RST_STREAM(").append(errorName(resetCode))
                        .append(')');
            } else if (!ended) {
                text.append(text.isEmpty() ? "" : ", ").append("unfinished");
            }
            return text.toString();
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final H2Frames frames = new H2Frames();
    private final Map<Integer, StreamOutcome> streams = new HashMap<>();
    private String goAway;
    private boolean closed;

    /** Connects to {@code port}, sends the preface, empty SETTINGS and a large connection window. */
    public RawH2Connection(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        out = socket.getOutputStream();
        out.write(PREFACE);
        frame(SETTINGS, 0, 0, new byte[0]);
        frame(WINDOW_UPDATE, 0, 0, int32(Integer.MAX_VALUE - 65_535));
        out.flush();
    }

    public static Field field(String name, String value) {
        return new Field(name, value);
    }

    /** Sends a header block on {@code streamId}: one HEADERS frame, with CONTINUATION frames when it is large. */
    public RawH2Connection headers(int streamId, boolean endStream, List<Field> fields) throws IOException {
        byte[] block = encode(fields);
        int first = Math.min(block.length, MAX_FRAME);
        int flags = (endStream ? FLAG_END_STREAM : 0) | (first == block.length ? FLAG_END_HEADERS : 0);
        frame(HEADERS, flags, streamId, slice(block, 0, first));
        for (int pos = first; pos < block.length; pos += MAX_FRAME) {
            int end = Math.min(block.length, pos + MAX_FRAME);
            frame(CONTINUATION, end == block.length ? FLAG_END_HEADERS : 0, streamId, slice(block, pos, end));
        }
        out.flush();
        return this;
    }

    /** Sends one DATA frame. */
    public RawH2Connection data(int streamId, boolean endStream, String data) throws IOException {
        frame(DATA, endStream ? FLAG_END_STREAM : 0, streamId, data.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return this;
    }

    /**
     * Reads frames until every stream of {@code streamIds} is finished, the connection is closed, or
     * {@code timeoutMillis} passed.
     */
    public void await(int timeoutMillis, int... streamIds) throws IOException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!closed && !allFinished(streamIds)) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return;
            }
            socket.setSoTimeout((int) left);
            try {
                readFrame();
            } catch (SocketTimeoutException e) {
                return;
            } catch (EOFException | SocketException e) {
                closed = true;
            }
        }
    }

    /** What the server sent on {@code streamId} so far. */
    public StreamOutcome stream(int streamId) {
        return streams.computeIfAbsent(streamId, id -> new StreamOutcome());
    }

    /** The GOAWAY the server sent, as {@code "GOAWAY(<error>, last stream <n>, '<debug>')"}, or null. */
    public String goAway() {
        return goAway;
    }

    /** Whether the server closed the connection. */
    public boolean closed() {
        return closed;
    }

    private boolean allFinished(int[] streamIds) {
        for (int id : streamIds) {
            if (!stream(id).finished()) {
                return false;
            }
        }
        return true;
    }

    private void readFrame() throws IOException {
        Frame frame = frames.read(in);
        int streamId = frame.streamId();
        byte[] payload = frame.payload();
        switch (frame.type()) {
            case DATA -> {
                int start = frame.has(FLAG_PADDED) ? 1 : 0;
                int padding = frame.has(FLAG_PADDED) ? (payload[0] & 0xFF) + 1 : 0;
                stream(streamId).body.write(payload, start, payload.length - padding);
                endIf(frame);
            }
            case HEADERS -> {
                StreamOutcome outcome = stream(streamId);
                if (outcome.status < 0 && frame.status() != null) {
                    outcome.status = Integer.parseInt(frame.status());
                }
                endIf(frame);
            }
            case RST_STREAM -> {
                // the first reset ends the stream; a later one answers frames the client still had in flight
                StreamOutcome outcome = stream(streamId);
                if (outcome.resetCode < 0) {
                    outcome.resetCode = frame.errorCode();
                }
            }
            case SETTINGS -> {
                if (!frame.has(FLAG_ACK)) {
                    out.write(H2Frames.settingsAck());
                    out.flush();
                }
            }
            case PING -> {
                if (!frame.has(FLAG_ACK)) {
                    out.write(H2Frames.ping(true, payload));
                    out.flush();
                }
            }
            case GOAWAY -> goAway = "GOAWAY(" + errorName(frame.errorCode()) + ", last stream "
                    + frame.lastStreamId() + ", '"
                    + new String(payload, 8, payload.length - 8, StandardCharsets.UTF_8) + "')";
            default -> {
                // PRIORITY, WINDOW_UPDATE, PUSH_PROMISE and unknown frames change nothing a test looks at
            }
        }
    }

    private void endIf(Frame frame) {
        if (frame.endStream()) {
            stream(frame.streamId()).ended = true;
        }
    }

    private void frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        out.write(H2Frames.encode(type, flags, streamId, payload));
    }

    /** HPACK: every field as a literal without indexing, with a literal name, no Huffman coding. */
    private static byte[] encode(List<Field> fields) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        for (Field field : fields) {
            block.write(0x00);
            string(block, field.name());
            string(block, field.value());
        }
        return block.toByteArray();
    }

    private static void string(ByteArrayOutputStream block, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        integer(block, bytes.length);
        block.writeBytes(bytes);
    }

    /** An HPACK integer with a 7-bit prefix (RFC 7541 section 5.1), the Huffman bit clear. */
    private static void integer(ByteArrayOutputStream block, int value) {
        if (value < 127) {
            block.write(value);
            return;
        }
        block.write(127);
        int rest = value - 127;
        while (rest >= 128) {
            block.write(rest & 0x7F | 0x80);
            rest >>>= 7;
        }
        block.write(rest);
    }

    private static byte[] slice(byte[] bytes, int from, int to) {
        byte[] part = new byte[to - from];
        System.arraycopy(bytes, from, part, 0, part.length);
        return part;
    }

    private static byte[] int32(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static String errorName(long code) {
        Http2Error error = Http2Error.valueOf(code);
        return error == null ? "0x" + Long.toHexString(code) : error.name();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
