package dev.brisk.rpc;

import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rpc.internal.ServerConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Peers that send and never read their answers, over a plain socket with a 4 KiB receive buffer: floods of heartbeats,
 * of calls, and of frames with unsupported flags (each answered with an error). The bytes the server queues for such a
 * connection stay bounded by its write-buffer high-water mark plus the answers of the calls it had in flight; a normal
 * client is served throughout and after the attacker leaves; a connection that takes nothing for the write timeout is
 * closed.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NonReadingPeersTest {

    private static final String AREA = "RPC attacks";
    private static final int KIB = 1024;
    private static final int ANSWER_SIZE = 2 * KIB;
    private static final int MAX_IN_FLIGHT = 64;
    /** A queued answer costs its bytes plus Netty's bookkeeping (96 bytes an entry). */
    private static final long ENTRY = 96;
    /** The high-water mark, then one frame read before the pause took hold, its answer and their bookkeeping. */
    private static final long SLACK = ServerConnection.WATER_MARK.high() + 16 * KIB;

    private static final int REQUEST = 1;
    private static final int ONE_WAY = 3;
    private static final int HEARTBEAT = 4;
    private static final int HELLO = 7;
    private static final int UNKNOWN_FLAG = 0x10;

    /** The attackers' service, and the normal client's. */
    @RpcService("flood")
    public interface Flood {

        byte[] answer();

        @OneWay
        void mark();

        String echo(String text);
    }

    private final AtomicInteger marks = new AtomicInteger();
    private final AtomicInteger answers = new AtomicInteger();
    private RpcServer server;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private Flood start(Duration writeTimeout) {
        return start(writeTimeout, false);
    }

    private Flood start(Duration writeTimeout, boolean http) {
        server = RpcServer.builder().host("127.0.0.1").options(o -> o.maxInFlightPerConnection(MAX_IN_FLIGHT))
                .http(http)
                .options(o -> o.writeTimeout(writeTimeout)).service(Flood.class, new Flood() {
                    @Override
                    public byte[] answer() {
                        answers.incrementAndGet();
                        return new byte[ANSWER_SIZE];
                    }

                    @Override
                    public void mark() {
                        marks.incrementAndGet();
                    }

                    @Override
                    public String echo(String text) {
                        return text;
                    }
                }).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).options(o -> o.connectionsPerProvider(1))
                .build();
        Flood flood = client.proxy(Flood.class);
        assertThat(flood.echo("before")).isEqualTo("before");
        return flood;
    }

    @Test
    void aHeartbeatFloodStopsTheReading() throws Exception {
        Flood normal = start(Duration.ofSeconds(30));
        Attack attack = attack(16 * KIB * KIB, ids -> frame(HEARTBEAT, 1, new byte[0]));
        assertThat(attack.paused).as("the server stopped reading the connection").isTrue();
        assertThat(attack.maxQueued).isLessThanOrEqualTo(SLACK);
        finish(attack, normal, "aHeartbeatFloodStopsTheReading",
                "a peer sending heartbeats and reading no answer makes the server stop reading it once the answers "
                        + "pass the high-water mark: its queue stays bounded, it cannot keep the event loop busy, other "
                        + "clients are served, the server answers after it leaves");
    }

    @Test
    void callsWhoseAnswersAreNeverReadStopTheReading() throws Exception {
        Flood normal = start(Duration.ofSeconds(30));
        Attack attack = attack(KIB * KIB, ids -> frame(REQUEST, 1, ids("answer()", ids)));
        assertThat(attack.paused).as("the server stopped reading the connection").isTrue();
        assertThat(attack.maxQueued).isLessThanOrEqualTo(SLACK + MAX_IN_FLIGHT * (ANSWER_SIZE + 32 + ENTRY));
        finish(attack, normal, "callsWhoseAnswersAreNeverReadStopTheReading",
                "a peer sending calls and reading no answer makes the server stop reading it once the queued answers "
                        + "pass the high-water mark; calls in flight hold their slot until their answer leaves");
    }

    @Test
    void callsOnAPortSharedWithHttpStopTheReading() throws Exception {
        Flood normal = start(Duration.ofSeconds(30), true);
        Attack attack = attack(KIB * KIB, ids -> frame(REQUEST, 1, ids("answer()", ids)));
        assertThat(attack.paused).as("the server stopped reading the connection").isTrue();
        assertThat(attack.maxQueued).isLessThanOrEqualTo(SLACK + MAX_IN_FLIGHT * (ANSWER_SIZE + 32 + ENTRY));
        finish(attack, normal, "callsOnAPortSharedWithHttpStopTheReading",
                "on a port shared with HTTP (the RPC handlers added once the hello is recognised) the same limit "
                        + "holds for a peer that reads no answer");
    }

    /**
     * The HTTP/JSON endpoint: a client pipelining calls and reading no response. brisk-http's HTTP/1.1 connection stops
     * parsing (and reading) once its responses pass the high-water mark or too many requests wait; this checks that
     * it holds for the RPC responses: the attacker's writes stall far below what it would send.
     */
    @Test
    void httpCallsPipelinedWithoutReadingStopTheReading() throws Exception {
        Flood normal = start(Duration.ofSeconds(30), true);
        long quota = 32L * KIB * KIB;
        byte[] request = ("POST /rpc/flood/answer HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2\r\n\r\n[]").getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        while (chunk.size() < 64 * KIB) {
            chunk.write(request);
        }
        byte[] bytes = chunk.toByteArray();
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4 * KIB);
        socket.setSendBufferSize(16 * KIB);
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
        AtomicLong sent = new AtomicLong();
        Thread writer = new Thread(() -> {
            try {
                OutputStream out = socket.getOutputStream();
                while (sent.get() < quota) {
                    out.write(bytes);
                    sent.addAndGet(bytes.length);
                }
            } catch (IOException e) {
                // closed by the test
            }
        }, "non-reading-http-client");
        writer.start();
        // the writes stall once the server stops reading and the socket buffers between are full
        long last = -1;
        while (sent.get() != last && sent.get() < quota) {
            last = sent.get();
            Thread.sleep(1_000);
        }
        assertThat(sent.get()).as("bytes the client could send").isLessThan(quota);
        int calls = answers.get();
        assertThat(normal.echo("during")).isEqualTo("during");
        socket.close();
        writer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(normal.echo("after")).isEqualTo("after");
        ReliabilityReport.record(AREA, "NonReadingPeersTest.httpCallsPipelinedWithoutReadingStopTheReading",
                "an HTTP client pipelining RPC calls (POST /rpc/...) and reading no response makes the server stop "
                        + "reading it; RPC clients are served",
                String.format("client sent %,d of %,d bytes before its writes stalled; %,d calls ran (%,d requests "
                        + "sent)", sent.get(), quota, calls, sent.get() / request.length));
    }

    @Test
    void framesDrawingErrorsStopTheReading() throws Exception {
        Flood normal = start(Duration.ofSeconds(30));
        Attack attack = attack(2 * KIB * KIB, ids -> frame(REQUEST | UNKNOWN_FLAG, 1, new byte[0]));
        assertThat(attack.paused).as("the server stopped reading the connection").isTrue();
        assertThat(attack.maxQueued).isLessThanOrEqualTo(SLACK);
        finish(attack, normal, "framesDrawingErrorsStopTheReading",
                "a peer sending frames with unsupported flags and reading none of the error answers makes the server "
                        + "stop reading it once they pass the high-water mark");
    }

    @Test
    void aConnectionThatTakesNothingIsClosedAfterTheWriteTimeout() throws Exception {
        Flood normal = start(Duration.ofMillis(300));
        Attack attack = attack(KIB * KIB, ids -> frame(REQUEST, 1, ids("answer()", ids)));
        assertThat(attack.paused).isTrue();
        assertThat(attack.maxQueued).isLessThanOrEqualTo(SLACK + MAX_IN_FLIGHT * (ANSWER_SIZE + 32 + ENTRY));
        while (server.connections() > 1) {
            Thread.sleep(10);
        }
        attack.writer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(attack.writer.isAlive()).as("the attacker's writes fail once the server closed").isFalse();
        finish(attack, normal, "aConnectionThatTakesNothingIsClosedAfterTheWriteTimeout",
                "a paused connection whose peer takes no byte for writeTimeout (300 ms here) is closed");
    }

    // ---- the attack -----------------------------------------------------------------------------------------------

    /** Makes the attacker's frame from the server's method table. */
    private interface FrameMaker {
        byte[] make(Map<String, Integer> ids) throws IOException;
    }

    /** What one attack did: bytes sent, the most bytes queued by the server, whether it paused or read everything. */
    private static final class Attack {
        Socket socket;
        Thread writer;
        final AtomicLong sent = new AtomicLong();
        volatile boolean written;
        boolean paused;
        boolean marked;
        long maxQueued;
    }

    /**
     * Connects, says hello, then writes frames up to {@code quota} bytes followed by a one-way mark, never reading;
     * returns once the server has stopped reading the connection or has run the mark (read everything).
     */
    private Attack attack(long quota, FrameMaker maker) throws Exception {
        Attack attack = new Attack();
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4 * KIB);
        socket.setSendBufferSize(16 * KIB);
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
        socket.setSoTimeout(10_000);
        attack.socket = socket;
        OutputStream out = socket.getOutputStream();
        out.write(frame(HELLO, 0, new byte[] {0, 0, 0, 1}));
        Map<String, Integer> ids = table(new DataInputStream(socket.getInputStream()));
        byte[] one = maker.make(ids);
        byte[] mark = frame(ONE_WAY, 2, ids("mark()", ids));
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        while (chunk.size() < 64 * KIB) {
            chunk.write(one);
        }
        byte[] bytes = chunk.toByteArray();
        int marksBefore = marks.get();
        attack.writer = new Thread(() -> {
            try {
                while (attack.sent.get() < quota) {
                    out.write(bytes);
                    attack.sent.addAndGet(bytes.length);
                }
                out.write(mark);
                attack.written = true;
            } catch (IOException e) {
                // the socket was closed: by the server (write timeout) or by the test
            }
        }, "non-reading-attacker");
        attack.writer.start();
        while (true) {
            attack.maxQueued = Math.max(attack.maxQueued, server.queuedBytes());
            if (server.pausedConnections() > 0) {
                attack.paused = true;
                break;
            }
            if (marks.get() > marksBefore) {
                attack.marked = true;
                break;
            }
            Thread.sleep(2);
        }
        // a while longer: calls in flight still answer into the queue
        for (int i = 0; i < 100; i++) {
            attack.maxQueued = Math.max(attack.maxQueued, server.queuedBytes());
            Thread.sleep(2);
        }
        return attack;
    }

    /** The normal client is served during the attack and after it; the attacker's connection goes. */
    private void finish(Attack attack, Flood normal, String test, String proves) throws Exception {
        assertThat(normal.echo("during")).isEqualTo("during");
        long queuedDuring = server.queuedBytes();
        attack.socket.close();
        attack.writer.join(TimeUnit.SECONDS.toMillis(30));
        while (server.connections() > 1) {
            Thread.sleep(10);
        }
        assertThat(normal.echo("after")).isEqualTo("after");
        try (Socket fresh = new Socket("127.0.0.1", server.port())) {
            fresh.setSoTimeout(10_000);
            fresh.getOutputStream().write(frame(HELLO, 0, new byte[] {0, 0, 0, 1}));
            assertThat(table(new DataInputStream(fresh.getInputStream()))).containsKey("echo(java.lang.String)");
        }
        ReliabilityReport.record(AREA, "NonReadingPeersTest." + test, proves, String.format(
                "attacker sent %,d bytes (%s); server queued at most %,d bytes for it (%,d with the normal client "
                        + "served)", attack.sent.get(), attack.paused ? "server stopped reading it"
                        : "server read it all", attack.maxQueued, queuedDuring));
    }

    // ---- frames by hand -------------------------------------------------------------------------------------------

    private static byte[] frame(int type, int requestId, byte[] body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(5 + body.length);
        out.writeByte(type);
        out.writeInt(requestId);
        out.write(body);
        return bytes.toByteArray();
    }

    /** A call's body without arguments: service 0, the method's id. */
    private static byte[] ids(String signature, Map<String, Integer> ids) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0);
        out.writeInt(ids.get(signature));
        return bytes.toByteArray();
    }

    /** Reads the hello answer: method signature to id. */
    private static Map<String, Integer> table(DataInputStream in) throws IOException {
        in.readInt();
        assertThat(in.readUnsignedByte()).isEqualTo(HELLO);
        in.readInt();
        in.readInt();
        int services = in.readInt();
        Map<String, Integer> ids = new HashMap<>();
        for (int s = 0; s < services; s++) {
            string(in);
            in.readInt();
            int methods = in.readInt();
            for (int m = 0; m < methods; m++) {
                ids.put(string(in), in.readInt());
            }
        }
        return ids;
    }

    private static String string(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
