package dev.brisk.rpc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A client whose interface has methods the server lacks (a newer version of the service) calls the ones both have;
 * the others fail with a typed exception, and the ids the server assigned are found by signature.
 */
class UnknownMethodTest {

    /** What the server offers. */
    @RpcService("shop")
    public interface ShopV1 {

        String name(int id);

        String name(String key);
    }

    /** What the client knows: one method more, and the methods in another order. */
    @RpcService("shop")
    public interface ShopV2 {

        String price(int id);

        String name(String key);

        String name(int id);
    }

    /** A service no server offers. */
    public interface Missing {

        String anything();
    }

    private static RpcServer server;
    private static RpcClient client;

    @BeforeAll
    static void start() {
        server = RpcServer.builder().host("127.0.0.1").service(ShopV1.class, new ShopV1() {
            @Override
            public String name(int id) {
                return "item " + id;
            }

            @Override
            public String name(String key) {
                return "item " + key;
            }
        }).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @Test
    void methodsBothSidesHaveAreMatchedBySignature() {
        ShopV2 shop = client.proxy(ShopV2.class);
        assertThat(shop.name(3)).isEqualTo("item 3");
        assertThat(shop.name("k")).isEqualTo("item k");
    }

    @Test
    void aMethodTheServerLacksFailsWithUnknownMethodException() {
        ShopV2 shop = client.proxy(ShopV2.class);
        assertThatThrownBy(() -> shop.price(3))
                .isInstanceOf(UnknownMethodException.class)
                .hasMessageContaining("price(int)").hasMessageContaining("shop");
        assertThat(shop.name(4)).isEqualTo("item 4");
    }

    @Test
    void aServiceTheServerLacksFailsWithUnknownMethodException() {
        Missing missing = client.proxy(Missing.class);
        assertThatThrownBy(missing::anything)
                .isInstanceOf(UnknownMethodException.class)
                .hasMessageContaining("does not offer service " + Missing.class.getName());
    }
}
