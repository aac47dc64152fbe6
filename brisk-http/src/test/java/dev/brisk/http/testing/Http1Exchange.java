package dev.brisk.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sends raw bytes on a new HTTP/1.1 connection, then reads everything the server sends until it closes the
 * connection or a deadline passes, and splits what arrived into responses. For tests that need to know both what
 * was answered and whether the server closed the connection afterwards.
 */
public final class Http1Exchange {

    /** One response: its status and body (a body is read by Content-Length; error responses always carry one). */
    public record Response(int status, String body) {
    }

    /**
     * What came back: the responses in order, whether the server closed the connection (EOF or reset) within the
     * deadline, and any bytes that did not parse as a response.
     */
    public record Result(List<Response> responses, boolean closed, String unparsed) {

        /** E.g. {@code "400, close"}, {@code "200, 400, close"}, {@code "close"} or {@code "200, left open"}. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            responses.forEach(r -> parts.add(String.valueOf(r.status())));
            if (!unparsed.isEmpty()) {
                parts.add("unparsed " + unparsed.length() + " bytes");
            }
            parts.add(closed ? "close" : "left open");
            return String.join(", ", parts);
        }
    }

    private Http1Exchange() {
    }

    /**
     * Connects, writes {@code request} in one go and reads until EOF or {@code waitMillis} without the server
     * closing. A write that fails because the server closed early is not an error: what it answered is still read.
     */
    public static Result exchange(int port, byte[] request, int waitMillis) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        boolean closed = false;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setTcpNoDelay(true);
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
            } catch (IOException closedWhileWriting) {
                // the server may close as soon as it has seen enough; read what it answered
            }
            long deadline = System.currentTimeMillis() + waitMillis;
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            while (true) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    break;
                }
                socket.setSoTimeout((int) left);
                int n;
                try {
                    n = in.read(buffer);
                } catch (SocketTimeoutException e) {
                    break;
                } catch (IOException reset) {
                    closed = true;
                    break;
                }
                if (n < 0) {
                    closed = true;
                    break;
                }
                received.write(buffer, 0, n);
            }
        }
        return parse(received.toByteArray(), closed);
    }

    /** Sends a GET for {@code target} with {@code connection: close} and returns the single response. */
    public static Result get(int port, String target, int waitMillis) throws IOException {
        String request = "GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        return exchange(port, request.getBytes(StandardCharsets.US_ASCII), waitMillis);
    }

    /** Reads a response head, through its blank line, byte by byte (what follows stays in {@code in}). */
    public static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed in the response head: " + head);
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static Result parse(byte[] bytes, boolean closed) {
        List<Response> responses = new ArrayList<>();
        int pos = 0;
        while (pos < bytes.length) {
            int headEnd = indexOf(bytes, pos, "\r\n\r\n");
            if (headEnd < 0) {
                break;
            }
            String head = new String(bytes, pos, headEnd - pos, StandardCharsets.ISO_8859_1);
            String[] lines = head.split("\r\n");
            String[] statusLine = lines[0].split(" ", 3);
            if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/1.")) {
                break;
            }
            int status;
            try {
                status = Integer.parseInt(statusLine[1]);
            } catch (NumberFormatException e) {
                break;
            }
            long length = 0;
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0 && lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT)
                        .equals("content-length")) {
                    length = Long.parseLong(lines[i].substring(colon + 1).trim());
                }
            }
            int bodyStart = headEnd + 4;
            if (status < 200 || status == 204 || status == 304) {
                length = 0;
            }
            if (bodyStart + length > bytes.length) {
                break;
            }
            responses.add(new Response(status,
                    new String(bytes, bodyStart, (int) length, StandardCharsets.UTF_8)));
            pos = bodyStart + (int) length;
        }
        String unparsed = new String(bytes, pos, bytes.length - pos, StandardCharsets.ISO_8859_1);
        return new Result(List.copyOf(responses), closed, unparsed);
    }

    private static int indexOf(byte[] bytes, int from, String text) {
        outer:
        for (int i = from; i + text.length() <= bytes.length; i++) {
            for (int j = 0; j < text.length(); j++) {
                if (bytes[i + j] != text.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
