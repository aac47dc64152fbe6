package dev.brisk.http.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Connections that send a flood as fast as the server's socket takes it and never read a byte: each has a thread of
 * its own writing to a blocking socket with small kernel buffers, so that whatever the server answers piles up on the
 * server. A connection the server closes is counted and opened again, the flood starting over.
 */
public final class Flooders implements AutoCloseable {

    /** The bytes of one flood connection. */
    public interface Flood {

        /** What the connection sends first (a handshake), once. */
        byte[] opening();

        /**
         * The {@code index}th piece of the flood after the opening, or {@code null} when the flood is complete and the
         * connection is only held open.
         */
        byte[] piece(long index);
    }

    private static final int SOCKET_BUFFERS = 4096;
    private static final long RECONNECT_PAUSE_MILLIS = 100;

    private final InetSocketAddress server;
    private final Flood flood;
    private final List<Thread> threads = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong closedByServer = new AtomicLong();
    private volatile boolean running = true;

    /** Opens {@code connections} connections to {@code port} and starts flooding. */
    public Flooders(String name, int port, int connections, Flood flood) {
        this.server = new InetSocketAddress("127.0.0.1", port);
        this.flood = flood;
        for (int i = 0; i < connections; i++) {
            Thread thread = new Thread(this::flood, name + "-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /** Bytes the server's sockets took, all connections together. */
    public long bytesSent() {
        return sent.get();
    }

    /** Connections the server closed or reset (each opened again). */
    public long closedByServer() {
        return closedByServer.get();
    }

    private void flood() {
        while (running) {
            Socket socket = null;
            try {
                socket = connect();
                OutputStream out = socket.getOutputStream();
                send(out, flood.opening());
                for (long index = 0; running; index++) {
                    byte[] piece = flood.piece(index);
                    if (piece == null) {
                        holdOpen();
                        return;
                    }
                    send(out, piece);
                }
            } catch (IOException closed) {
                if (running) {
                    closedByServer.incrementAndGet();
                    pause();
                }
            } finally {
                forget(socket);
            }
        }
    }

    private void forget(Socket socket) {
        if (socket == null) {
            return;
        }
        synchronized (sockets) {
            sockets.remove(socket);
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a socket the server already closed
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        synchronized (sockets) {
            if (!running) {
                throw new IOException("stopped");
            }
            sockets.add(socket);
        }
        try {
            socket.setReceiveBufferSize(SOCKET_BUFFERS);
            socket.setSendBufferSize(SOCKET_BUFFERS);
            socket.connect(server, 5000);
        } catch (IOException e) {
            forget(socket);
            throw e;
        }
        return socket;
    }

    private void send(OutputStream out, byte[] bytes) throws IOException {
        out.write(bytes);
        sent.addAndGet(bytes.length);
    }

    private void holdOpen() {
        while (running) {
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RECONNECT_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops flooding and closes every connection. */
    @Override
    public void close() throws IOException, InterruptedException {
        running = false;
        synchronized (sockets) {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
        for (Thread thread : threads) {
            thread.join(5000);
        }
    }
}
