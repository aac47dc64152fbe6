package dev.brisk.http.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Slowloris: many connections that each send {@code opening} at once, then one byte of {@code dribble} per second
 * (cycling through it), all driven by one scheduler thread without a thread per connection. The connections are spread
 * over the second in 100 slots, so the server sees a steady trickle rather than bursts. A connection the server
 * closes or answers is counted and opened again on its next turn.
 */
public final class Dribblers implements AutoCloseable {

    private static final int SLOTS = 100;
    private static final byte[] TIMEOUT_STATUS = "HTTP/1.1 408".getBytes(StandardCharsets.US_ASCII);

    private final InetSocketAddress server;
    private final byte[] opening;
    private final byte[] dribble;
    private final Connection[] connections;
    private final ScheduledExecutorService scheduler;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(4096);
    private final ByteBuffer oneByte = ByteBuffer.allocate(1);
    private long tick;

    private final AtomicLong open = new AtomicLong();
    private final AtomicLong bytesSent = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong otherwiseClosed = new AtomicLong();
    private final AtomicLong failedConnects = new AtomicLong();

    private static final class Connection {
        SocketChannel channel;
        int position;
    }

    /** Opens {@code count} connections now and starts dribbling. */
    public Dribblers(String name, int port, int count, byte[] opening, byte[] dribble) throws IOException {
        this.server = new InetSocketAddress("127.0.0.1", port);
        this.opening = opening;
        this.dribble = dribble;
        this.connections = new Connection[count];
        for (int i = 0; i < count; i++) {
            connections[i] = new Connection();
            reopen(connections[i]);
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, name));
        scheduler.scheduleAtFixedRate(this::tick, 10, 1000 / SLOTS, TimeUnit.MILLISECONDS);
    }

    /** Connections open now. */
    public long open() {
        return open.get();
    }

    public long bytesSent() {
        return bytesSent.get();
    }

    /** Connections the server answered with 408 (and closed). */
    public long timedOut() {
        return timedOut.get();
    }

    /** Connections the server closed or answered otherwise. */
    public long otherwiseClosed() {
        return otherwiseClosed.get();
    }

    public long failedConnects() {
        return failedConnects.get();
    }

    private void tick() {
        int slot = (int) (tick++ % SLOTS);
        for (int i = slot; i < connections.length; i += SLOTS) {
            Connection connection = connections[i];
            try {
                if (connection.channel == null) {
                    reopen(connection);
                } else if (closedByServer(connection)) {
                    drop(connection);
                    reopen(connection);
                } else {
                    sendOneByte(connection);
                }
            } catch (IOException e) {
                otherwiseClosed.incrementAndGet();
                drop(connection);
            }
        }
    }

    /** Whether the server answered or closed: any byte or EOF means the connection is over for this attacker. */
    private boolean closedByServer(Connection connection) throws IOException {
        readBuffer.clear();
        int read = connection.channel.read(readBuffer);
        if (read == 0) {
            return false;
        }
        if (read > 0 && startsWith(readBuffer, TIMEOUT_STATUS)) {
            timedOut.incrementAndGet();
        } else {
            otherwiseClosed.incrementAndGet();
        }
        return true;
    }

    private static boolean startsWith(ByteBuffer buffer, byte[] prefix) {
        if (buffer.position() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (buffer.get(i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private void sendOneByte(Connection connection) throws IOException {
        oneByte.clear();
        oneByte.put(dribble[connection.position % dribble.length]).flip();
        if (connection.channel.write(oneByte) == 1) {
            connection.position++;
            bytesSent.incrementAndGet();
        }
    }

    private void reopen(Connection connection) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(server);
            channel.configureBlocking(false);
            ByteBuffer head = ByteBuffer.wrap(opening);
            while (head.hasRemaining()) {
                channel.write(head);
            }
            bytesSent.addAndGet(opening.length);
            connection.channel = channel;
            connection.position = 0;
            open.incrementAndGet();
        } catch (IOException e) {
            failedConnects.incrementAndGet();
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    private void drop(Connection connection) {
        if (connection.channel != null) {
            closeQuietly(connection.channel);
            connection.channel = null;
            open.decrementAndGet();
        }
    }

    @Override
    public void close() throws InterruptedException {
        scheduler.shutdownNow();
        scheduler.awaitTermination(5, TimeUnit.SECONDS);
        for (Connection connection : connections) {
            drop(connection);
        }
    }
}
