package dev.brisk.rpc;

import com.google.protobuf.Int64Value;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import dev.brisk.rpc.Model.Everything;
import dev.brisk.rpc.Model.Page;
import dev.brisk.rpc.Model.Role;
import dev.brisk.rpc.Model.User;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Kryo and Protobuf chosen by name on both sides, round trips through real sockets, and a mismatch refused at connect. */
class SerializersTest {

    @Test
    void kryoRoundTrips() throws Exception {
        RpcServer server = RpcServer.builder().host("127.0.0.1").serializer("kryo")
                .service(EchoService.class, new EchoServiceImpl()).start();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).serializer("kryo")
                .build()) {
            EchoService echo = client.proxy(EchoService.class);
            assertThat(echo.text("kryo")).isEqualTo("kryo");
            assertThat(echo.text(null)).isNull();
            assertThat(echo.anInt(-7)).isEqualTo(-7);
            assertThat(echo.ints(new int[] {1, 2, 3})).containsExactly(1, 2, 3);
            User user = new User(42, "ann", Role.ADMIN, List.of("a", "b"));
            assertThat(echo.user(user)).isEqualTo(user);
            Page<User> page = new Page<>(new ArrayList<>(List.of(user)), 1);
            assertThat(echo.page(page)).isEqualTo(page);
            assertThat(echo.map(Map.of("k", List.of(1, 2)))).isEqualTo(Map.of("k", List.of(1, 2)));
            assertThat(echo.set(Set.of(3, 4))).containsExactlyInAnyOrder(3, 4);
            Everything everything = new Everything(true, (byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, null, "t",
                    Map.of("x", 1));
            assertThat(echo.everything(everything)).isEqualTo(everything);
            assertThat(echo.sum10(1, 2, 3, 4, 5, 6, 7, 8L, 9, "j")).isEqualTo(echo.sum10(1, 2, 3, 4, 5, 6, 7, 8L, 9, "j"));
            assertThat(echo.userAsync(9).get(5, TimeUnit.SECONDS).id()).isEqualTo(9);
            assertThatThrownBy(() -> echo.outOfStock("pen")).isInstanceOf(Model.OutOfStockException.class);
            byte[] large = new byte[200_000];
            Arrays.fill(large, (byte) 7);
            assertThat(echo.bytes(large)).isEqualTo(large);
        } finally {
            server.close();
        }
    }

    @Test
    void protobufMessagesRoundTrip() throws Exception {
        ProtoService impl = new ProtoService() {
            @Override
            public StringValue echo(StringValue value) {
                return StringValue.of("echo " + value.getValue());
            }

            @Override
            public Timestamp later(Timestamp start, Int64Value seconds) {
                return start.toBuilder().setSeconds(start.getSeconds() + seconds.getValue()).build();
            }

            @Override
            public CompletableFuture<Struct> describe(StringValue name) {
                return CompletableFuture.completedFuture(Struct.newBuilder()
                        .putFields("name", Value.newBuilder().setStringValue(name.getValue()).build())
                        .putFields("length", Value.newBuilder().setNumberValue(name.getValue().length()).build())
                        .build());
            }

            @Override
            public StringValue orNull(StringValue value) {
                return value.getValue().isEmpty() ? null : value;
            }
        };
        RpcServer server = RpcServer.builder().host("127.0.0.1").serializer("protobuf")
                .service(ProtoService.class, impl).start();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).serializer("protobuf")
                .build()) {
            ProtoService proto = client.proxy(ProtoService.class);
            assertThat(proto.echo(StringValue.of("hi"))).isEqualTo(StringValue.of("echo hi"));
            Timestamp start = Timestamp.newBuilder().setSeconds(100).setNanos(5).build();
            assertThat(proto.later(start, Int64Value.of(20))).isEqualTo(start.toBuilder().setSeconds(120).build());
            Struct described = proto.describe(StringValue.of("brisk")).get(5, TimeUnit.SECONDS);
            assertThat(described.getFieldsOrThrow("name").getStringValue()).isEqualTo("brisk");
            assertThat(described.getFieldsOrThrow("length").getNumberValue()).isEqualTo(5.0);
            assertThat(proto.orNull(StringValue.of(""))).isNull();
            assertThat(proto.echo(StringValue.of("x".repeat(100_000))).getValue()).hasSize(100_005);
        } finally {
            server.close();
        }
    }

    @Test
    void protobufRefusesServicesExchangingOtherTypes() {
        assertThatThrownBy(() -> RpcServer.builder().serializer("protobuf")
                .service(EchoService.class, new EchoServiceImpl()).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("generated message types only");
    }

    @Test
    void aClientWithAnotherSerializerIsRefusedAtConnect() {
        RpcServer server = RpcServer.builder().host("127.0.0.1").serializer("kryo")
                .service(EchoService.class, new EchoServiceImpl()).start();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port())
                .options(o -> o.callTimeout(Duration.ofSeconds(20))).build()) {
            EchoService echo = client.proxy(EchoService.class);
            assertThatThrownBy(() -> echo.text("x")).isInstanceOf(RpcException.class)
                    .hasMessageContaining("serializer mismatch: the server uses 'kryo', the client 'fory'");
        } finally {
            server.close();
        }
    }

    @Test
    void unknownNamesFail() {
        assertThatThrownBy(() -> RpcClient.builder().serializer("xml")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no serializer named 'xml'");
    }
}
