package dev.brisk.http.websocket;

import dev.brisk.http.testing.Http1Exchange;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A WebSocket client on a plain socket that writes whatever frames a test asks for, valid or not, and reads the
 * server's frames one by one: the way to check how the server treats protocol errors.
 */
final class RawWebSocket implements AutoCloseable {

    static final int CONTINUATION = 0x0;
    static final int TEXT = 0x1;
    static final int BINARY = 0x2;
    static final int CLOSE = 0x8;
    static final int PING = 0x9;
    static final int PONG = 0xA;

    /** A frame as received. */
    record Frame(boolean fin, int rsv, int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        int closeCode() {
            return payload.length < 2 ? 1005 : (payload[0] & 0xFF) << 8 | payload[1] & 0xFF;
        }
    }

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final String responseHead;

    private RawWebSocket(Socket socket, String responseHead) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new DataInputStream(socket.getInputStream());
        this.responseHead = responseHead;
    }

    /** Sends a valid handshake for {@code path} plus {@code extraHeaders} (CRLF-terminated lines). */
    static RawWebSocket open(int port, String path, String extraHeaders) throws IOException {
        return handshake(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n" + extraHeaders + "\r\n");
    }

    /** Sends {@code request} as is and reads the response head. */
    static RawWebSocket handshake(int port, String request) throws IOException {
        return handshake(port, request, 0);
    }

    /** A valid handshake for {@code path} on a socket whose receive buffer is {@code receiveBuffer} bytes. */
    static RawWebSocket openWithReceiveBuffer(int port, String path, int receiveBuffer) throws IOException {
        return handshake(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n", receiveBuffer);
    }

    private static RawWebSocket handshake(int port, String request, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return new RawWebSocket(socket, Http1Exchange.readHead(socket.getInputStream()));
    }

    /** The response head, status line first. */
    String responseHead() {
        return responseHead;
    }

    int status() {
        return Integer.parseInt(responseHead.substring(9, 12));
    }

    /** The body of a response that did not switch (a refusal), as long as its {@code Content-Length} says. */
    String body() throws IOException {
        Matcher length = Pattern.compile("(?i)content-length: *(\\d+)")
                .matcher(responseHead);
        return length.find() ? new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8)
                : "";
    }

    /** Sends a frame, masked as clients must unless {@code masked} is false. */
    RawWebSocket send(boolean fin, int rsv, int opcode, byte[] payload, boolean masked) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write((fin ? 0x80 : 0) | rsv << 4 | opcode);
        int maskBit = masked ? 0x80 : 0;
        if (payload.length < 126) {
            frame.write(maskBit | payload.length);
        } else if (payload.length < 65536) {
            frame.write(maskBit | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length);
        } else {
            frame.write(maskBit | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift));
            }
        }
        byte[] body = payload.clone();
        if (masked) {
            byte[] mask = new byte[4];
            ThreadLocalRandom.current().nextBytes(mask);
            frame.write(mask);
            for (int i = 0; i < body.length; i++) {
                body[i] ^= mask[i % 4];
            }
        }
        frame.write(body);
        out.write(frame.toByteArray());
        out.flush();
        return this;
    }

    RawWebSocket send(boolean fin, int opcode, byte[] payload) throws IOException {
        return send(fin, 0, opcode, payload, true);
    }

    RawWebSocket sendText(String text) throws IOException {
        return send(true, TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    RawWebSocket sendClose(int code, String reason) throws IOException {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        byte[] payload = new byte[2 + text.length];
        payload[0] = (byte) (code >>> 8);
        payload[1] = (byte) code;
        System.arraycopy(text, 0, payload, 2, text.length);
        return send(true, CLOSE, payload);
    }

    /** Reads the next frame from the server (which never masks). */
    Frame read() throws IOException {
        int b0 = in.readUnsignedByte();
        int b1 = in.readUnsignedByte();
        long length = b1 & 0x7F;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        if ((b1 & 0x80) != 0) {
            throw new IOException("the server masked a frame");
        }
        byte[] payload = new byte[(int) length];
        in.readFully(payload);
        return new Frame((b0 & 0x80) != 0, (b0 >> 4) & 0x7, b0 & 0x0F, payload);
    }

    /** Reads frames until a close frame, skipping pings the server may send. */
    Frame readClose() throws IOException {
        while (true) {
            Frame frame = read();
            if (frame.opcode() == CLOSE) {
                return frame;
            }
        }
    }

    /** Whether the server closed the connection (end of stream) after everything read so far. */
    boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
