package dev.brisk.rest.jaxrs.compat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code text/event-stream} response read over a plain socket, as a browser's {@code EventSource} receives it:
 * the head, then one event (up to its blank line) at a time, with the chunked framing taken off.
 */
public final class EventStream implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final int status;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final StringBuilder pending = new StringBuilder();
    private boolean ended;

    private EventStream(int port, String path, String... headerLines) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        in = new BufferedInputStream(socket.getInputStream());
        StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Accept: text/event-stream\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        OutputStream out = socket.getOutputStream();
        out.write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        String statusLine = line();
        status = Integer.parseInt(statusLine.split(" ")[1]);
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
    }

    public static EventStream open(int port, String path, String... headerLines) throws IOException {
        return new EventStream(port, path, headerLines);
    }

    public int status() {
        return status;
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The next event as written, up to and including its blank line; null once the stream ended. */
    public String next() throws IOException {
        while (pending.indexOf("\n\n") < 0) {
            if (!readChunk()) {
                return null;
            }
        }
        int end = pending.indexOf("\n\n") + 2;
        String event = pending.substring(0, end);
        pending.delete(0, end);
        return event;
    }

    /** Whether the response ended with its last chunk (after any events still to come, which are skipped). */
    boolean endsNormally() throws IOException {
        while (readChunk()) {
            pending.setLength(0);
        }
        return ended;
    }

    private boolean readChunk() throws IOException {
        if (ended) {
            return false;
        }
        String sizeLine = line();
        int size = Integer.parseInt(sizeLine.trim(), 16);
        if (size == 0) {
            line();
            ended = true;
            return false;
        }
        byte[] chunk = in.readNBytes(size);
        if (chunk.length < size) {
            throw new IOException("the stream was cut off in a chunk");
        }
        line();
        pending.append(new String(chunk, StandardCharsets.UTF_8));
        return true;
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b == -1) {
                throw new IOException("the connection closed: " + line.toString(StandardCharsets.ISO_8859_1));
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
