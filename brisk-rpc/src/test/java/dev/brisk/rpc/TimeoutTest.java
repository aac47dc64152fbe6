package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A slow provider fails the call with RpcTimeoutException, from either side's limit. */
class TimeoutTest {

    private RpcServer server;
    private RpcClient client;

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private SlowService connect(Duration methodTimeout, Duration callTimeout) {
        server = RpcServer.builder().host("127.0.0.1").options(o -> o.methodTimeout(methodTimeout))
                .service(SlowService.class, new SlowServiceImpl("a")).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).options(o -> o.callTimeout(callTimeout))
                .build();
        return client.proxy(SlowService.class);
    }

    @Test
    void theClientsCallTimeoutFailsASlowCall() {
        SlowService slow = connect(Duration.ZERO, Duration.ofMillis(300));
        assertThatThrownBy(() -> slow.sleep(3_000))
                .isInstanceOf(RpcTimeoutException.class)
                .hasMessageContaining("sleep(long)");
        assertThat(slow.quick("x")).isEqualTo("a:x");
    }

    @Test
    void theServersMethodTimeoutAnswersATimeoutError() {
        SlowService slow = connect(Duration.ofMillis(200), Duration.ofSeconds(10));
        assertThatThrownBy(() -> slow.sleep(5_000))
                .isInstanceOf(RpcTimeoutException.class)
                .hasMessageContaining("did not finish within its time limit of 200 ms");
    }

    @Test
    void theTimeoutAnnotationOverridesBothOptions() {
        SlowService slow = connect(Duration.ofSeconds(30), Duration.ofSeconds(30));
        assertThatThrownBy(() -> slow.limited(5_000)).isInstanceOf(RpcTimeoutException.class);
        assertThat(slow.limited(0)).isEqualTo("slept");
    }
}
