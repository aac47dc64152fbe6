package dev.brisk.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A well-behaved client checking that a server still serves: one HTTP/1.1 request, or one WebSocket text message
 * echoed back, each on a new connection of its own with a 10 s read timeout.
 */
public final class ServedProbe {

    private ServedProbe() {
    }

    /** The status of {@code GET path} with {@code Connection: close}. */
    public static int httpStatus(int port, String path) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            return Integer.parseInt(response.substring(9, 12));
        }
    }

    /** Upgrades {@code path}, sends {@code text} and returns the first text message the server sends back. */
    public static String webSocketEcho(int port, String path, String text) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            DataInputStream in = new DataInputStream(socket.getInputStream());
            String head = readHead(in);
            if (!head.startsWith("HTTP/1.1 101")) {
                throw new IOException("the server did not switch to WebSocket: " + head);
            }
            out.write(maskedText(text));
            while (true) {
                int opcode = in.readUnsignedByte() & 0x0F;
                int length = in.readUnsignedByte() & 0x7F;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = (int) in.readLong();
                }
                byte[] payload = in.readNBytes(length);
                if (opcode == 0x1) {
                    return new String(payload, StandardCharsets.UTF_8);
                }
            }
        }
    }

    private static byte[] maskedText(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        if (payload.length > 125) {
            throw new IllegalArgumentException("at most 125 bytes: " + text);
        }
        byte[] mask = {0x5a, 0x3c, 0x71, 0x0f};
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x81);
        frame.write(0x80 | payload.length);
        frame.writeBytes(mask);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i % 4]);
        }
        return frame.toByteArray();
    }

    private static String readHead(DataInputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.readUnsignedByte();
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }
}
