package dev.brisk.rpc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import java.io.ByteArrayInputStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The frames on the wire, spoken by hand over a plain socket. */
class WireFormatTest {

    private static final int REQUEST = 1;
    private static final int HEARTBEAT = 4;
    private static final int ERROR = 5;
    private static final int HELLO = 7;

    /** A small service. */
    @RpcService("wire")
    public interface Wire {

        String hello(String name);

        int add(int a, int b);
    }

    private static RpcServer server;

    @BeforeAll
    static void start() {
        server = RpcServer.builder().host("127.0.0.1").options(o -> o.idleTimeout(Duration.ofMillis(500)))
                .service(Wire.class, new Wire() {
                    @Override
                    public String hello(String name) {
                        return "hi " + name;
                    }

                    @Override
                    public int add(int a, int b) {
                        return a + b;
                    }
                }).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private record Frame(int type, int requestId, DataInputStream body) {
    }

    private static void send(DataOutputStream out, int type, int requestId, byte[] body) throws IOException {
        out.writeInt(5 + body.length);
        out.writeByte(type);
        out.writeInt(requestId);
        out.write(body);
        out.flush();
    }

    private static Frame receive(DataInputStream in) throws IOException {
        int length = in.readInt();
        int type = in.readUnsignedByte();
        int requestId = in.readInt();
        byte[] body = new byte[length - 5];
        in.readFully(body);
        return new Frame(type, requestId, new DataInputStream(new ByteArrayInputStream(body)));
    }

    private static String string(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void helloAnswersTheTableOfServicesAndMethods() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            DataInputStream in = new DataInputStream(socket.getInputStream());
            send(out, HELLO, 0, new byte[] {0, 0, 0, 1});
            Frame answer = receive(in);
            assertThat(answer.type()).isEqualTo(HELLO);
            assertThat(answer.body().readInt()).as("protocol version").isEqualTo(1);
            assertThat(answer.body().readInt()).as("services").isEqualTo(1);
            assertThat(string(answer.body())).isEqualTo("wire");
            assertThat(answer.body().readInt()).as("service id").isZero();
            int methods = answer.body().readInt();
            Map<String, Integer> ids = new LinkedHashMap<>();
            for (int i = 0; i < methods; i++) {
                ids.put(string(answer.body()), answer.body().readInt());
            }
            assertThat(ids).containsOnlyKeys("add(int,int)", "hello(java.lang.String)");
            assertThat(ids.values()).containsExactlyInAnyOrder(0, 1);
        }
    }

    @Test
    void unknownIdsHeartbeatsAndUnsupportedFlagsAreAnsweredAndIdleConnectionsClosed() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            DataInputStream in = new DataInputStream(socket.getInputStream());

            send(out, REQUEST, 77, new byte[] {0, 0, 0, 0, 0, 0, 0, 9});
            Frame error = receive(in);
            assertThat(error.type()).isEqualTo(ERROR);
            assertThat(error.requestId()).isEqualTo(77);
            assertThat(error.body().readUnsignedByte()).as("code UNKNOWN_METHOD").isEqualTo(2);
            assertThat(string(error.body())).isNull();
            assertThat(string(error.body())).contains("no method 9 in service 0");

            send(out, HEARTBEAT, 5, new byte[0]);
            Frame heartbeat = receive(in);
            assertThat(heartbeat.type()).isEqualTo(HEARTBEAT);
            assertThat(heartbeat.requestId()).isEqualTo(5);

            send(out, REQUEST | 0x40, 78, new byte[] {0, 0, 0, 0, 0, 0, 0, 0});
            Frame refused = receive(in);
            assertThat(refused.type()).isEqualTo(ERROR);
            assertThat(refused.requestId()).isEqualTo(78);
            assertThat(refused.body().readUnsignedByte()).as("code BAD_REQUEST").isEqualTo(7);

            // silent past idleTimeout: the server closes the connection
            assertThatThrownBy(in::readInt).isInstanceOf(EOFException.class);
        }
    }
}
