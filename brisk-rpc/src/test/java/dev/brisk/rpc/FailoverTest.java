package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A provider dies under calls: the idempotent one is retried on the other provider, the other one fails with a typed
 * error and never runs twice.
 */
class FailoverTest {

    private final StaticRegistry registry = StaticRegistry.create();
    private RpcServer a;
    private RpcServer b;
    private RpcClient client;
    private SlowServiceImpl implA;
    private SlowServiceImpl implB;

    @AfterEach
    void stop() {
        implA.release();
        implB.release();
        client.close();
        a.close();
        b.close();
    }

    @Test
    void idempotentCallsFailOverAndOthersFailTyped() throws Exception {
        implA = new SlowServiceImpl("a");
        implB = new SlowServiceImpl("b");
        a = RpcServer.builder().host("127.0.0.1").registry(registry).service(SlowService.class, implA).start();
        client = RpcClient.builder().registry(registry).options(o -> o.callTimeout(Duration.ofSeconds(20))).build();
        SlowService slow = client.proxy(SlowService.class);

        CompletableFuture<String> idempotent = CompletableFuture.supplyAsync(() -> slow.blockIdempotent("i"), TestThreads.EXECUTOR);
        CompletableFuture<String> plain = CompletableFuture.supplyAsync(() -> slow.block("p"), TestThreads.EXECUTOR);
        implA.awaitStarted(2);

        b = RpcServer.builder().host("127.0.0.1").registry(registry).service(SlowService.class, implB).start();
        implB.release();
        a.closeNow();

        assertThat(idempotent.get(10, TimeUnit.SECONDS)).isEqualTo("b:i");
        assertThatThrownBy(() -> plain.get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(ConnectionLostException.class).hasMessageContaining("lost");
        assertThat(implA.blockCalls).hasValue(1);
        assertThat(implB.blockCalls).hasValue(0);
        assertThat(implA.idempotentCalls).hasValue(1);
        assertThat(implB.idempotentCalls).hasValue(1);
        assertThat(slow.quick("next")).isEqualTo("b:next");
    }

    @Test
    void withoutAnotherProviderAnIdempotentCallFailsTypedToo() throws Exception {
        implA = new SlowServiceImpl("a");
        implB = new SlowServiceImpl("b");
        a = RpcServer.builder().host("127.0.0.1").registry(registry).service(SlowService.class, implA).start();
        b = a;
        client = RpcClient.builder().registry(registry).options(o -> o.callTimeout(Duration.ofSeconds(20))).build();
        SlowService slow = client.proxy(SlowService.class);
        CompletableFuture<String> idempotent = CompletableFuture.supplyAsync(() -> slow.blockIdempotent("i"), TestThreads.EXECUTOR);
        implA.awaitStarted(1);
        a.closeNow();
        assertThatThrownBy(() -> idempotent.get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(ConnectionLostException.class);
    }
}
