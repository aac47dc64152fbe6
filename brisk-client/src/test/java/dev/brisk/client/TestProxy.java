package dev.brisk.client;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny proxy on plain sockets, one thread per direction: HTTP {@code CONNECT} or SOCKS5, with optional credentials.
 * Counts tunnels and remembers the targets asked for.
 */
final class TestProxy implements AutoCloseable {

    enum Kind { HTTP, SOCKS5 }

    private final Kind kind;
    private final String username;
    private final String password;
    private final ServerSocket serverSocket;
    private final AtomicInteger tunnels = new AtomicInteger();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    TestProxy(Kind kind, String username, String password) throws IOException {
        this.kind = kind;
        this.username = username;
        this.password = password;
        this.serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "test-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return serverSocket.getLocalPort();
    }

    /** Tunnels opened so far. */
    int tunnels() {
        return tunnels.get();
    }

    /** The {@code host:port} targets asked for, in order. */
    List<String> targets() {
        return targets;
    }

    private void accept() {
        while (!serverSocket.isClosed()) {
            try {
                Socket client = serverSocket.accept();
                sockets.add(client);
                Thread handler = new Thread(() -> serve(client), "test-proxy-conn");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try {
            InputStream in = client.getInputStream();
            OutputStream out = client.getOutputStream();
            String target = kind == Kind.HTTP ? httpConnect(in, out) : socks5(new DataInputStream(in), out);
            if (target == null) {
                client.close();
                return;
            }
            int colon = target.lastIndexOf(':');
            Socket upstream = new Socket(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)));
            sockets.add(upstream);
            targets.add(target);
            tunnels.incrementAndGet();
            if (kind == Kind.HTTP) {
                out.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(new byte[] {5, 0, 0, 1, 0, 0, 0, 0, 0, 0});
            }
            out.flush();
            Thread back = new Thread(() -> relay(upstream, client), "test-proxy-back");
            back.setDaemon(true);
            back.start();
            relay(client, upstream);
        } catch (IOException e) {
            closeQuietly(client);
        }
    }

    private String httpConnect(InputStream in, OutputStream out) throws IOException {
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        String[] requestLine = lines[0].split(" ");
        if (!requestLine[0].equals("CONNECT")) {
            out.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return null;
        }
        if (username != null) {
            String expected = "Basic " + Base64.getEncoder().encodeToString((username + ":" + password)
                    .getBytes(StandardCharsets.UTF_8));
            boolean ok = false;
            for (String line : lines) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase("Proxy-Authorization")
                        && line.substring(colon + 1).trim().equals(expected)) {
                    ok = true;
                }
            }
            if (!ok) {
                out.write(("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"t\"\r\n"
                        + "Content-Length: 0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                return null;
            }
        }
        return requestLine[1];
    }

    private String socks5(DataInputStream in, OutputStream out) throws IOException {
        if (in.readUnsignedByte() != 5) {
            return null;
        }
        byte[] methods = new byte[in.readUnsignedByte()];
        in.readFully(methods);
        if (username == null) {
            out.write(new byte[] {5, 0});
        } else {
            out.write(new byte[] {5, 2});
            out.flush();
            in.readUnsignedByte(); // sub-negotiation version
            byte[] user = new byte[in.readUnsignedByte()];
            in.readFully(user);
            byte[] pass = new byte[in.readUnsignedByte()];
            in.readFully(pass);
            boolean ok = username.equals(new String(user, StandardCharsets.UTF_8))
                    && password.equals(new String(pass, StandardCharsets.UTF_8));
            out.write(new byte[] {1, (byte) (ok ? 0 : 1)});
            out.flush();
            if (!ok) {
                return null;
            }
        }
        out.flush();
        in.readUnsignedByte(); // version
        in.readUnsignedByte(); // command: CONNECT
        in.readUnsignedByte(); // reserved
        int type = in.readUnsignedByte();
        String host;
        if (type == 1) {
            byte[] address = new byte[4];
            in.readFully(address);
            host = InetAddress.getByAddress(address).getHostAddress();
        } else if (type == 3) {
            byte[] name = new byte[in.readUnsignedByte()];
            in.readFully(name);
            host = new String(name, StandardCharsets.US_ASCII);
        } else {
            byte[] address = new byte[16];
            in.readFully(address);
            host = InetAddress.getByAddress(address).getHostAddress();
        }
        int port = in.readUnsignedShort();
        return host + ":" + port;
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            head.write(b);
            matched = (b == '\r' || b == '\n') && ((matched % 2 == 0) == (b == '\r')) ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static void relay(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // either side went away
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        serverSocket.close();
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
    }
}
