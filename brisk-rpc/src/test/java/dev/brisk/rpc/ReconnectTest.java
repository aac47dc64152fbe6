package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A client reconnects to a provider restarted on the same port, without being told. */
class ReconnectTest {

    @Test
    void callsSucceedAgainAfterAServerRestartOnTheSamePort() {
        RpcServer first = RpcServer.builder().host("127.0.0.1").service(SlowService.class, new SlowServiceImpl("first"))
                .start();
        int port = first.port();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + port)
                .options(o -> o.reconnectInitialBackoff(Duration.ofMillis(20))
                .reconnectMaxBackoff(Duration.ofMillis(200))
                .callTimeout(Duration.ofSeconds(10))).build()) {
            SlowService slow = client.proxy(SlowService.class);
            assertThat(slow.quick("x")).isEqualTo("first:x");
            first.close();

            RpcServer second = RpcServer.builder().host("127.0.0.1").port(port)
                    .service(SlowService.class, new SlowServiceImpl("second")).start();
            try {
                assertThat(slow.quick("y")).isEqualTo("second:y");
                assertThat(slow.quick("z")).isEqualTo("second:z");
            } finally {
                second.close();
            }
        }
    }
}
