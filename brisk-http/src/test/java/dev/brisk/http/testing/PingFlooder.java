package dev.brisk.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A WebSocket client that upgrades, then sends pings (125-byte payloads, masked) as fast as its socket takes them and
 * never reads a byte, with a small receive buffer: every pong the server answers with stays on the server's side. One
 * thread writes until the quota is sent or the server closes the connection. {@link #awaitHeldBack} tells whether the
 * server stopped taking bytes (the flood is held back) or took the whole quota.
 */
public final class PingFlooder implements AutoCloseable {

    private static final int PINGS_PER_BLOCK = 512;
    private static final int RECEIVE_BUFFER = 4 * 1024;
    private static final int SEND_BUFFER = 16 * 1024;

    private final Socket socket;
    private final long quota;
    private final Thread thread;
    private volatile long sent;
    private volatile boolean closedByServer;

    private PingFlooder(Socket socket, long quota) {
        this.socket = socket;
        this.quota = quota;
        this.thread = new Thread(this::flood, "ping-flooder");
        this.thread.setDaemon(true);
    }

    /**
     * Upgrades {@code path} on {@code port} (sending {@code extraHeaders}, CRLF-terminated lines) and starts
     * flooding; fails unless the server answers 101.
     */
    public static PingFlooder start(int port, String path, String extraHeaders, long quota) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(RECEIVE_BUFFER);
        socket.setSendBufferSize(SEND_BUFFER);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n" + extraHeaders + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        String head = Http1Exchange.readHead(socket.getInputStream());
        if (!head.startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new IOException("the server did not switch to WebSocket: " + head);
        }
        PingFlooder flooder = new PingFlooder(socket, quota);
        flooder.thread.start();
        return flooder;
    }

    private void flood() {
        byte[] block = pings();
        try {
            OutputStream out = socket.getOutputStream();
            while (sent < quota) {
                out.write(block);
                sent += block.length;
            }
        } catch (IOException closed) {
            closedByServer = !socket.isClosed();
        }
    }

    /** {@link #PINGS_PER_BLOCK} masked ping frames, each with 125 bytes of payload. */
    private static byte[] pings() {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        byte[] mask = {0x11, 0x22, 0x33, 0x44};
        for (int i = 0; i < PINGS_PER_BLOCK; i++) {
            block.write(0x80 | 0x9);
            block.write(0x80 | 125);
            block.writeBytes(mask);
            for (int b = 0; b < 125; b++) {
                block.write(('p' + i % 10) ^ mask[b % 4]);
            }
        }
        return block.toByteArray();
    }

    /**
     * Waits until the server takes no more bytes for {@code stall}, or the quota is sent, or the server closed the
     * connection: true when the flood is held back (not every byte of the quota taken).
     */
    public boolean awaitHeldBack(Duration stall) throws InterruptedException {
        long last = -1;
        long unchangedSince = System.nanoTime();
        while (thread.isAlive()) {
            long now = System.nanoTime();
            long current = sent;
            if (current != last) {
                last = current;
                unchangedSince = now;
            } else if (now - unchangedSince >= stall.toNanos()) {
                return true;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return sent < quota;
    }

    /** Bytes of pings the server's side has taken so far (sent through the client's socket). */
    public long sent() {
        return sent;
    }

    /** Waits up to {@code timeout} for the flooding thread to end; true when the server closed the connection. */
    public boolean awaitClosedByServer(Duration timeout) throws InterruptedException {
        thread.join(timeout.toMillis());
        return !thread.isAlive() && closedByServer;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
