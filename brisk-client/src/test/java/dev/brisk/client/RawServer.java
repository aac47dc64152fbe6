package dev.brisk.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted HTTP/1.1 server on a plain {@link ServerSocket}, for faults a well-behaved server never produces:
 * closing mid-response, resetting after reading a request, closing a keep-alive connection without answering.
 */
final class RawServer implements AutoCloseable {

    /** One received request. */
    record Request(int connection, int index, String method, String target, String head, byte[] body) {
    }

    /** Decides what happens to each request. */
    @FunctionalInterface
    interface Script {
        /** Answers {@code request} on {@code socket}; returns false to stop serving the connection. */
        boolean handle(Request request, Socket socket, OutputStream out) throws IOException;
    }

    private final ServerSocket serverSocket;
    private final Script script;
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    RawServer(Script script) throws IOException {
        this.serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.script = script;
        this.acceptor = new Thread(this::accept, "raw-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return serverSocket.getLocalPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    int connections() {
        return connections.get();
    }

    List<Request> requests() {
        return requests;
    }

    private void accept() {
        while (!serverSocket.isClosed()) {
            try {
                Socket socket = serverSocket.accept();
                sockets.add(socket);
                int id = connections.incrementAndGet();
                Thread thread = new Thread(() -> serve(socket, id), "raw-conn-" + id);
                thread.setDaemon(true);
                thread.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket, int connection) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            int index = 0;
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                byte[] body = in.readNBytes(contentLength(head));
                String[] line = head.substring(0, head.indexOf('\r')).split(" ");
                Request request = new Request(connection, ++index, line[0], line[1], head, body);
                requests.add(request);
                if (!script.handle(request, socket, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) != -1) {
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : 0;
            if (matched == 4) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return 0;
    }

    static void respond(OutputStream out, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + " X\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.flush();
    }

    /** Closes with a TCP reset instead of an orderly FIN. */
    static void reset(Socket socket) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        serverSocket.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
