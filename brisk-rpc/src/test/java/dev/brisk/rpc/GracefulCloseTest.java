package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import static org.assertj.core.api.Assertions.assertThat;

/** close() lets calls in flight finish while new calls go to the other provider. */
class GracefulCloseTest {

    private RpcServer a;
    private RpcServer b;
    private RpcClient client;
    private SlowServiceImpl implA;

    @AfterEach
    void stop() {
        implA.release();
        client.close();
        a.close();
        b.close();
    }

    @Test
    void inFlightCallsCompleteAndNewCallsGoElsewhere() throws Exception {
        implA = new SlowServiceImpl("a");
        a = RpcServer.builder().host("127.0.0.1").service(SlowService.class, implA).start();
        b = RpcServer.builder().host("127.0.0.1").service(SlowService.class, released("b")).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + a.port() + ",127.0.0.1:" + b.port())
                .options(o -> o.callTimeout(Duration.ofSeconds(20))).build();
        SlowService slow = client.proxy(SlowService.class);
        awaitBothProviders(slow);

        // a call that is in flight on A when A starts closing
        CompletableFuture<String> inFlight = callInFlightOnA(slow);

        CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, TestThreads.EXECUTOR);
        awaitRefusingConnections(a.port());
        for (int i = 0; i < 20; i++) {
            assertThat(slow.quick("new-" + i)).isEqualTo("b:new-" + i);
        }
        assertThat(closing).isNotDone();
        assertThat(inFlight).isNotDone();

        implA.release();
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("a:in-flight");
        closing.get(10, TimeUnit.SECONDS);
        assertThat(slow.quick("after")).isEqualTo("b:after");
    }

    @Test
    void withARegistryTheInFlightCallStillCompletes() throws Exception {
        StaticRegistry registry = StaticRegistry.create();
        implA = new SlowServiceImpl("a");
        a = RpcServer.builder().host("127.0.0.1").registry(registry).service(SlowService.class, implA).start();
        b = RpcServer.builder().host("127.0.0.1").registry(registry).service(SlowService.class,
                released("b")).start();
        client = RpcClient.builder().registry(registry).options(o -> o.callTimeout(Duration.ofSeconds(20)))
                .build();
        SlowService slow = client.proxy(SlowService.class);
        awaitBothProviders(slow);
        CompletableFuture<String> inFlight = callInFlightOnA(slow);
        CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, TestThreads.EXECUTOR);
        awaitRefusingConnections(a.port());
        for (int i = 0; i < 20; i++) {
            assertThat(slow.quick("new-" + i)).isEqualTo("b:new-" + i);
        }
        implA.release();
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("a:in-flight");
        closing.get(10, TimeUnit.SECONDS);
    }

    /** Calls until one call is held by A (round robin sends the others to B, which answers at once). */
    private CompletableFuture<String> callInFlightOnA(SlowService slow) throws Exception {
        for (int i = 0; i < 10; i++) {
            CompletableFuture<String> call = slow.blockAsync("in-flight");
            if (implA.started.tryAcquire(2, TimeUnit.SECONDS)) {
                return call;
            }
            assertThat(call.get(10, TimeUnit.SECONDS)).startsWith("b:");
        }
        throw new AssertionError("no call reached A in ten tries");
    }

    /** The closing server has started draining once its listener is gone. */
    private static void awaitRefusingConnections(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                Thread.sleep(5);
            } catch (IOException refused) {
                return;
            }
        }
        throw new AssertionError("port " + port + " still accepts connections");
    }

    /** A provider whose blocking methods answer at once. */
    private static SlowServiceImpl released(String name) {
        SlowServiceImpl impl = new SlowServiceImpl(name);
        impl.release();
        return impl;
    }

    /** Round robin reaches both once both have said hello. */
    private static void awaitBothProviders(SlowService slow) {
        boolean seenA = false;
        boolean seenB = false;
        for (int i = 0; i < 200 && !(seenA && seenB); i++) {
            String who = slow.quick("probe");
            seenA |= who.startsWith("a:");
            seenB |= who.startsWith("b:");
        }
        assertThat(seenA && seenB).as("both providers answered").isTrue();
    }
}
