package dev.brisk.http.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A plain socket speaking HTTP/1.1 byte by byte, for tests that send exactly what a test needs (pipelined, malformed,
 * split requests) and read responses one at a time.
 */
public final class RawConnection implements AutoCloseable {

    /** One parsed response. */
    public record Response(String version, int status, Map<String, String> headers, byte[] body,
                           Map<String, String> trailers) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawConnection(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    public Socket socket() {
        return socket;
    }

    public RawConnection send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Reads one response; {@code headRequest} when it answers HEAD (no body follows). */
    public Response read(boolean headRequest) throws IOException {
        String statusLine = readLine();
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = readFields();
        if (status == 100) {
            return new Response(parts[0], status, headers, new byte[0], Map.of());
        }
        byte[] body = new byte[0];
        Map<String, String> trailers = Map.of();
        boolean noBody = headRequest || status == 204 || status == 304 || status < 200;
        if (!noBody) {
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream collected = new ByteArrayOutputStream();
                while (true) {
                    String sizeLine = readLine();
                    int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
                    if (size == 0) {
                        break;
                    }
                    collected.write(in.readNBytes(size));
                    readLine();
                }
                trailers = readFields();
                body = collected.toByteArray();
            } else if (headers.containsKey("content-length")) {
                body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
            } else {
                body = in.readAllBytes();
            }
        }
        return new Response(parts[0], status, headers, body, trailers);
    }

    public Response read() throws IOException {
        return read(false);
    }

    /** Whether the server has closed the connection (reads EOF within the socket timeout). */
    public boolean isClosedByServer() throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** Sets how long reads wait. */
    public RawConnection timeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
        return this;
    }

    private Map<String, String> readFields() throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        String line;
        while ((line = readLine()) != null && !line.isEmpty()) {
            int colon = line.indexOf(':');
            fields.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim(),
                    (a, b) -> a + ", " + b);
        }
        return fields;
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                int length = line.length();
                if (length > 0 && line.charAt(length - 1) == '\r') {
                    line.setLength(length - 1);
                }
                return line.toString();
            }
            line.append((char) b);
        }
        return line.length() == 0 ? null : line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
