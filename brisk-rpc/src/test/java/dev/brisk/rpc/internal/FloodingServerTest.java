package dev.brisk.rpc.internal;

import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcService;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server that floods a client with GOAWAY, heartbeat and stray error frames while two calls are in flight: the
 * client answers none of them, and the repeated GOAWAYs start one drain watch, not one each (the watch re-arms every
 * 20 ms while calls are in flight, so one per frame would pile up timers on the client's event loop).
 */
class FloodingServerTest {

    private static final int FLOOD = 20_000;

    /** The fake server's service. */
    @RpcService("flooding")
    public interface Echo {

        String echo(String text);
    }

    @Test
    void aServerRepeatingGoawayHeartbeatsAndErrorsMakesTheClientQueueNothing() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + listener.getLocalPort())
                    .options(o -> o.connectionsPerProvider(1).callTimeout(Duration.ofSeconds(60))).build();
            try (client) {
                Echo echo = client.proxy(Echo.class);
                CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> echo.echo("a"));
                try (Socket socket = listener.accept()) {
                    socket.setSoTimeout(10_000);
                    DataInputStream in = new DataInputStream(socket.getInputStream());
                    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                    read(in);                                       // the client's hello
                    out.write(frame(Frames.HELLO, 0, table()));
                    int firstId = read(in);
                    CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> echo.echo("b"));
                    int secondId = read(in);

                    ByteArrayOutputStream flood = new ByteArrayOutputStream();
                    byte[] goaway = frame(Frames.GOAWAY, 0, new byte[0]);
                    byte[] heartbeat = frame(Frames.HEARTBEAT, 0, new byte[0]);
                    ByteBuf error = Frames.error(UnpooledByteBufAllocator.DEFAULT, 999_999, ErrorCode.INTERNAL, null,
                            "no such call");
                    byte[] stray = ByteBufUtil.getBytes(error);
                    error.release();
                    for (int i = 0; i < FLOOD; i++) {
                        flood.write(goaway);
                        flood.write(heartbeat);
                        flood.write(stray);
                    }
                    out.write(flood.toByteArray());
                    out.write(response(firstId, "a"));
                    out.flush();
                    // the answer to the first call came after the flood: the client has read all of it
                    int firstCall = (first.get(30, TimeUnit.SECONDS).equals("a") ? 1 : 0);
                    int timers = scheduledTasks(client);
                    assertThat(timers).as("timers on the client's event loops").isLessThan(50);
                    assertThat(in.available()).as("bytes the client sent back").isZero();

                    out.write(response(secondId, "b"));
                    out.flush();
                    assertThat(second.get(30, TimeUnit.SECONDS)).isEqualTo("b");
                    ReliabilityReport.record("RPC attacks",
                            "FloodingServerTest.aServerRepeatingGoawayHeartbeatsAndErrorsMakesTheClientQueueNothing",
                            "a server flooding a client with GOAWAY, heartbeat and stray error frames gets no answer "
                                    + "and makes it keep no timer per frame; its calls complete",
                            String.format("%,d frames (%,d bytes) sent, %d call(s) answered after them; %d timer(s) "
                                    + "on the client's event loops", 3 * FLOOD, flood.size(), firstCall + 1, timers));
                }
            }
        }
    }

    /** The timers waiting on the client's event loops, counted on each loop itself. */
    private static int scheduledTasks(RpcClient client) throws Exception {
        Field runtimeField = RpcClient.class.getDeclaredField("runtime");
        runtimeField.setAccessible(true);
        ClientRuntime runtime = (ClientRuntime) runtimeField.get(client);
        Field queueField = AbstractScheduledEventExecutor.class.getDeclaredField("scheduledTaskQueue");
        queueField.setAccessible(true);
        int total = 0;
        for (EventExecutor loop : runtime.group()) {
            total += loop.submit(() -> {
                Collection<?> queue = (Collection<?>) queueField.get(loop);
                return queue == null ? 0 : queue.size();
            }).get(10, TimeUnit.SECONDS);
        }
        return total;
    }

    private static byte[] table() {
        ByteBuf table = Unpooled.buffer();
        table.writeInt(Frames.PROTOCOL_VERSION);
        table.writeInt(1);
        Frames.writeString(table, "flooding");
        table.writeInt(0);
        table.writeInt(1);
        Frames.writeString(table, "echo(java.lang.String)");
        table.writeInt(0);
        byte[] bytes = ByteBufUtil.getBytes(table);
        table.release();
        return bytes;
    }

    private static byte[] response(int requestId, String value) {
        ByteBuf body = Unpooled.buffer();
        Serializers.named("fory").write(body, value);
        byte[] bytes = ByteBufUtil.getBytes(body);
        body.release();
        return frame(Frames.RESPONSE, requestId, bytes);
    }

    private static byte[] frame(byte type, int requestId, byte[] body) {
        ByteBuf frame = Unpooled.buffer();
        frame.writeInt(5 + body.length);
        frame.writeByte(type);
        frame.writeInt(requestId);
        frame.writeBytes(body);
        byte[] bytes = ByteBufUtil.getBytes(frame);
        frame.release();
        return bytes;
    }

    /** Reads one frame and returns its request id. */
    private static int read(DataInputStream in) throws IOException {
        int length = in.readInt();
        in.readUnsignedByte();
        int requestId = in.readInt();
        in.readFully(new byte[length - 5]);
        return requestId;
    }
}
