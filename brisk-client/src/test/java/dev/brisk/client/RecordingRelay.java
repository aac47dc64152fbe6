package dev.brisk.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A TCP relay on plain sockets to one target port on the loopback address, which records every byte the clients
 * send. What a client sent stays readable even when the target closes early: the relay keeps reading the client
 * until the client closes.
 */
final class RecordingRelay implements AutoCloseable {

    private final int target;
    private final ServerSocket listener;
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final List<Thread> uploads = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RecordingRelay(int target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Waits until every client connection has been closed by its client, then returns what the clients sent. */
    byte[] sentOnceClientsClosed() throws InterruptedException {
        for (Thread upload : uploads) {
            upload.join(TimeUnit.SECONDS.toMillis(30));
            if (upload.isAlive()) {
                throw new AssertionError("a client connection through the relay is still open");
            }
        }
        synchronized (sent) {
            return sent.toByteArray();
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(server);
                Thread upload = start("relay-up", () -> upload(client, server));
                uploads.add(upload);
                start("relay-down", () -> download(server, client));
            }
        } catch (IOException closed) {
            // the relay is closed
        }
    }

    private static Thread start(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void upload(Socket client, Socket server) {
        byte[] buffer = new byte[8192];
        boolean serverOpen = true;
        try (InputStream in = client.getInputStream()) {
            OutputStream out = server.getOutputStream();
            int n;
            while ((n = in.read(buffer)) > 0) {
                synchronized (sent) {
                    sent.write(buffer, 0, n);
                }
                if (serverOpen) {
                    try {
                        out.write(buffer, 0, n);
                    } catch (IOException serverClosed) {
                        serverOpen = false;
                    }
                }
            }
        } catch (IOException clientGone) {
            // the client reset the connection
        } finally {
            closeQuietly(server);
        }
    }

    private static void download(Socket server, Socket client) {
        try (InputStream in = server.getInputStream()) {
            in.transferTo(client.getOutputStream());
            client.shutdownOutput();
        } catch (IOException gone) {
            // either side closed
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(RecordingRelay::closeQuietly);
    }
}
