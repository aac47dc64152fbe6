package dev.brisk.rpc;

import dev.brisk.rpc.Model.Everything;
import dev.brisk.rpc.Model.Page;
import dev.brisk.rpc.Model.Role;
import dev.brisk.rpc.Model.User;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** Values of every kind travel to the service and back unchanged, through a real socket. */
class RoundTripTest {

    private static RpcServer server;
    private static RpcClient client;
    private static EchoService echo;

    @BeforeAll
    static void start() {
        server = RpcServer.builder().host("127.0.0.1").port(0).service(EchoService.class, new EchoServiceImpl())
                .start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
        echo = client.proxy(EchoService.class);
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @Test
    void primitives() {
        assertThat(echo.flag(true)).isTrue();
        assertThat(echo.aByte((byte) -7)).isEqualTo((byte) -7);
        assertThat(echo.aShort(Short.MIN_VALUE)).isEqualTo(Short.MIN_VALUE);
        assertThat(echo.aChar('é')).isEqualTo('é');
        assertThat(echo.anInt(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
        assertThat(echo.aLong(Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE);
        assertThat(echo.aFloat(1.5f)).isEqualTo(1.5f);
        assertThat(echo.aDouble(Math.PI)).isEqualTo(Math.PI);
    }

    @Test
    void boxedNullsAndNullReferences() {
        assertThat(echo.boxed(null)).isNull();
        assertThat(echo.boxed(42)).isEqualTo(42);
        assertThat(echo.boxedLong(null)).isNull();
        assertThat(echo.text(null)).isNull();
        assertThat(echo.user(null)).isNull();
        assertThat(echo.list(null)).isNull();
    }

    @Test
    void stringsWithNonLatinText() {
        String text = "Grüße, 你好, こんにちは, Привет, مرحبا, 🚀 emoji";
        assertThat(echo.text(text)).isEqualTo(text);
        assertThat(echo.text("")).isEmpty();
    }

    @Test
    void collectionsAndArrays() {
        assertThat(echo.list(List.of("a", "b", "ç"))).containsExactly("a", "b", "ç");
        assertThat(echo.set(new TreeSet<>(Set.of(3, 1, 2)))).containsExactlyInAnyOrder(1, 2, 3);
        Map<String, List<Integer>> map = new LinkedHashMap<>();
        map.put("odd", List.of(1, 3));
        map.put("even", List.of());
        assertThat(echo.map(map)).isEqualTo(map);
        assertThat(echo.bytes(new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
        assertThat(echo.ints(new int[] {-1, 0, 1})).containsExactly(-1, 0, 1);
    }

    @Test
    void recordsEnumsAndGenerics() {
        User ada = new User(1, "Ada", Role.ADMIN, List.of("x", "y"));
        assertThat(echo.user(ada)).isEqualTo(ada);
        assertThat(echo.role(Role.GUEST)).isEqualTo(Role.GUEST);
        List<User> users = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            users.add(new User(i, "user" + i, Role.values()[i % 3], List.of("t" + i)));
        }
        assertThat(echo.users(users)).isEqualTo(users);
        Page<User> page = new Page<>(users, 150);
        assertThat(echo.page(page)).isEqualTo(page);
        assertThat((String) echo.identity("generic")).isEqualTo("generic");
        assertThat((User) echo.identity(ada)).isEqualTo(ada);
        Everything everything = new Everything(true, (byte) 1, (short) 2, 'z', 3, 4L, 5f, 6d, null, "seven",
                Map.of("eight", 8));
        assertThat(echo.everything(everything)).isEqualTo(everything);
    }

    @Test
    void voidMethodsAndDefaultMethods() {
        echo.nothing();
        assertThat(echo.greeting("world")).isEqualTo("hello world");
    }

    @Test
    void zeroToTenParameters() {
        assertThat(echo.sum0()).isZero();
        assertThat(echo.sum1(1)).isEqualTo(1);
        assertThat(echo.sum2(1, 2L)).isEqualTo(3);
        assertThat(echo.sum3("s", 1, 2L)).isEqualTo("s3");
        assertThat(echo.sum4(1.5, 2.5f, (short) 3, (byte) 4)).isEqualTo(11.0);
        assertThat(echo.sum5(1, 2, 3, 4, 5)).isEqualTo(15);
        assertThat(echo.sum6(1, 2, 3, 4, 5, 6)).isEqualTo(21);
        assertThat(echo.sum7(1, 2, 3, 4, 5, 6, 7)).isEqualTo(28);
        assertThat(echo.sum8(1, 2, 3, 4, 5, 6, 7, 8L)).isEqualTo(36);
        assertThat(echo.sum9(1, 2, 3, 4, 5, 6, 7, 8L, 9)).isEqualTo(45);
        assertThat(echo.sum10(1, 2, 3, 4, 5, 6, 7, 8L, 9, "total ")).isEqualTo("total 45");
    }

    @Test
    void overloadedMethodsReachTheirOwnImplementation() {
        assertThat(echo.find(7)).isEqualTo("int 7");
        assertThat(echo.find(7L)).isEqualTo("long 7");
        assertThat(echo.find("ada")).isEqualTo("String ada");
        assertThat(echo.find(7, "ada")).isEqualTo("int,String 7 ada");
    }

    @Test
    void syncAndAsyncMethodsOnOneInterface() throws Exception {
        assertThat(echo.userAsync(9).get().id()).isEqualTo(9);
        assertThat(echo.textAsync("abc").toCompletableFuture().get()).isEqualTo("ABC");
        assertThat(echo.voidAsync().get()).isNull();
        assertThat(echo.text("sync")).isEqualTo("sync");
    }

    @Test
    void largePayloadsOfSeveralMebibytes() {
        byte[] payload = new byte[6 * 1024 * 1024];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        assertThat(echo.bytes(payload)).isEqualTo(payload);
        assertThat(echo.payload(5 * 1024 * 1024)).hasSize(5 * 1024 * 1024);
    }

    @Test
    void theProxyAnswersObjectMethodsLocally() {
        assertThat(echo.toString()).contains(EchoService.class.getName());
        assertThat(echo).isEqualTo(echo);
        assertThat(client.proxy(EchoService.class)).isSameAs(echo);
    }
}
