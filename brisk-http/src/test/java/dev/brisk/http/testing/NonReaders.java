package dev.brisk.http.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Iterator;

/**
 * Connections that pipeline one request over and over, as fast as their sockets take the bytes, and never read a
 * byte of the responses. One thread with one selector drives them all. A connection stops at its quota; one whose
 * socket has taken nothing for {@link #STALL} is <em>stalled</em>: the server stopped reading it. A connection the
 * server closes is counted and opened again.
 */
public final class NonReaders implements AutoCloseable {

    /** How long a socket must refuse bytes before its connection counts as stalled. */
    public static final Duration STALL = Duration.ofSeconds(1);
    private static final int BLOCK = 64 * 1024;

    private final InetSocketAddress server;
    private final ByteBuffer block;
    private final int period;
    private final long quota;
    private final int socketBuffers;
    private final Selector selector;
    private final Connection[] connections;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long closedByServer;

    private static final class Connection {
        volatile SocketChannel channel;
        /** Bytes sent on every channel this connection had. */
        volatile long sent;
        /** Bytes sent on the current channel: where the next byte falls within the request. */
        long offset;
        volatile long lastProgress = System.nanoTime();
    }

    /**
     * Opens {@code count} connections now and starts sending. Each has kernel send and receive buffers of
     * {@code socketBuffers} bytes, so that unread responses pile up on the server rather than in this client's
     * kernel, and bytes counted as sent are bytes the server's socket took.
     */
    public NonReaders(int port, int count, byte[] request, long quota, int socketBuffers) throws IOException {
        this.server = new InetSocketAddress("127.0.0.1", port);
        this.quota = quota;
        this.socketBuffers = socketBuffers;
        this.period = request.length;
        int repeats = BLOCK / request.length;
        ByteBuffer bytes = ByteBuffer.allocateDirect(repeats * request.length);
        for (int i = 0; i < repeats; i++) {
            bytes.put(request);
        }
        this.block = bytes.flip().asReadOnlyBuffer();
        this.selector = Selector.open();
        this.connections = new Connection[count];
        for (int i = 0; i < count; i++) {
            connections[i] = new Connection();
            open(connections[i]);
        }
        thread = new Thread(this::run, "non-readers");
        thread.start();
    }

    /** Request bytes every connection sent, in total. */
    public long bytesSent() {
        long total = 0;
        for (Connection connection : connections) {
            total += connection.sent;
        }
        return total;
    }

    /** Connections that sent their whole quota. */
    public int done() {
        int done = 0;
        for (Connection connection : connections) {
            done += connection.sent >= quota ? 1 : 0;
        }
        return done;
    }

    /** Connections whose socket has taken no byte for {@link #STALL} although they had more to send. */
    public int stalled() {
        long now = System.nanoTime();
        int stalled = 0;
        for (Connection connection : connections) {
            if (connection.channel != null && connection.sent > 0 && connection.sent < quota
                    && now - connection.lastProgress >= STALL.toNanos()) {
                stalled++;
            }
        }
        return stalled;
    }

    /** Whether every connection either sent its quota or is held back by a socket that takes nothing more. */
    public boolean settled() {
        return done() + stalled() == connections.length;
    }

    public long closedByServer() {
        return closedByServer;
    }

    private void open(Connection connection) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, socketBuffers);
            channel.setOption(StandardSocketOptions.SO_SNDBUF, socketBuffers);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(server);
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_WRITE, connection);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        connection.channel = channel;
        connection.offset = 0;
        connection.lastProgress = System.nanoTime();
    }

    private void run() {
        try {
            while (running) {
                selector.select(50);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (key.isValid() && key.isWritable()) {
                        write(key, (Connection) key.attachment());
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void write(SelectionKey key, Connection connection) throws IOException {
        ByteBuffer bytes = block.duplicate();
        bytes.position((int) (connection.offset % period));
        if (connection.sent + bytes.remaining() > quota) {
            bytes.limit(bytes.position() + (int) (quota - connection.sent));
        }
        try {
            int written = connection.channel.write(bytes);
            if (written > 0) {
                connection.sent += written;
                connection.offset += written;
                connection.lastProgress = System.nanoTime();
            }
        } catch (IOException closed) {
            closedByServer++;
            key.cancel();
            connection.channel.close();
            connection.channel = null;
            try {
                open(connection);
            } catch (IOException refused) {
                // stays closed: no longer counted as stalled
            }
            return;
        }
        if (connection.sent >= quota) {
            key.cancel();
        }
    }

    @Override
    public void close() throws Exception {
        running = false;
        selector.wakeup();
        thread.join(5000);
        for (Connection connection : connections) {
            if (connection.channel != null) {
                connection.channel.close();
            }
        }
        selector.close();
    }
}
