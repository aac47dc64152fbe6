package dev.brisk.http.reliability;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2Frames.Frame;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * An HTTP/2 client (h2c by prior knowledge) that grants the server no flow-control window: SETTINGS_INITIAL_WINDOW_SIZE
 * is 0 and no WINDOW_UPDATE is ever sent, so no response DATA can reach it. It reads the frames the server may still
 * send (HEADERS, RST_STREAM, GOAWAY) to tell what became of each stream.
 */
final class ZeroWindowClient implements AutoCloseable {

    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final H2Frames frames = new H2Frames();
    /** Streams whose response HEADERS arrived. */
    private final Set<Integer> answered = new HashSet<>();
    /** Error code of the RST_STREAM the server sent, by stream. */
    private final Map<Integer, Long> resets = new HashMap<>();
    private String goAway;
    private boolean closed;

    ZeroWindowClient(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.write(H2Frames.settings(Map.of(SETTINGS_INITIAL_WINDOW_SIZE, 0L)));
        out.write(H2Frames.settingsAck());
        out.flush();
    }

    /** Opens streams 1, 3, 5, ... ({@code count} of them), each a GET of {@code path}. */
    ZeroWindowClient get(int count, String path) throws Exception {
        for (int i = 0; i < count; i++) {
            out.write(frames.headers(1 + 2 * i, H2Frames.request("GET", path), true));
        }
        out.flush();
        return this;
    }

    /** Reads frames until {@code streams} streams were answered or reset, the connection closed, or time is up. */
    ZeroWindowClient await(int streams, int millis) throws IOException {
        long deadline = System.currentTimeMillis() + millis;
        while (!closed && settled() < streams) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                break;
            }
            socket.setSoTimeout((int) left);
            try {
                Frame frame = frames.read(in);
                switch (frame.type()) {
                    case H2Frames.HEADERS -> answered.add(frame.streamId());
                    case H2Frames.RST_STREAM -> resets.putIfAbsent(frame.streamId(), frame.errorCode());
                    case H2Frames.GOAWAY -> goAway = frame.toString();
                    default -> {
                        // SETTINGS (already acknowledged), PING, WINDOW_UPDATE: nothing a test looks at
                    }
                }
            } catch (SocketTimeoutException e) {
                break;
            } catch (IOException e) {
                closed = true;
            }
        }
        return this;
    }

    /** Streams answered or reset. */
    int settled() {
        Set<Integer> all = new HashSet<>(answered);
        all.addAll(resets.keySet());
        return all.size();
    }

    /** Streams whose response HEADERS came and that were not reset: the server holds their bodies. */
    int held() {
        Set<Integer> held = new HashSet<>(answered);
        held.removeAll(resets.keySet());
        return held.size();
    }

    /** Streams reset with {@code errorCode}. */
    long resets(long errorCode) {
        return resets.values().stream().filter(code -> code == errorCode).count();
    }

    Map<Integer, Long> resets() {
        return resets;
    }

    String goAway() {
        return goAway;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
