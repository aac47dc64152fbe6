package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where service methods run, and what happens when a connection or a pool has too much to do. */
class SchedulingTest {

    private RpcServer server;
    private RpcClient client;
    private SlowServiceImpl impl;

    @AfterEach
    void stop() {
        impl.release();
        client.close();
        server.close();
    }

    private SlowService connect(RpcServer.Builder builder) {
        impl = new SlowServiceImpl("a");
        server = builder.host("127.0.0.1").service(SlowService.class, impl).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).options(o -> o.connectionsPerProvider(1))
                .build();
        return client.proxy(SlowService.class);
    }

    @Test
    void methodsRunOnWorkerThreadsNotOnTheEventLoop() {
        SlowService slow = connect(RpcServer.builder());
        assertThat(slow.thread()).startsWith("brisk-rpc-worker").doesNotContain("brisk-rpc-io");
    }

    @Test
    void dispatchIoRunsOnTheEventLoopWhenAskedFor() {
        impl = new SlowServiceImpl("a");
        server = RpcServer.builder().host("127.0.0.1").service(SlowService.class, impl, Dispatch.IO).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
        assertThat(client.proxy(SlowService.class).thread()).startsWith("brisk-rpc-io");
    }

    @Test
    void aServiceMayBringItsOwnExecutor() {
        ExecutorService own = Executors.newSingleThreadExecutor(r -> new Thread(r, "own-pool"));
        try {
            impl = new SlowServiceImpl("a");
            server = RpcServer.builder().host("127.0.0.1").service(SlowService.class, impl, own).start();
            client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
            assertThat(client.proxy(SlowService.class).thread()).isEqualTo("own-pool");
        } finally {
            own.shutdownNow();
        }
    }

    @Test
    void virtualThreadsNeedJava21() {
        if (Runtime.version().feature() >= 21) {
            impl = new SlowServiceImpl("a");
            server = RpcServer.builder().host("127.0.0.1").options(o -> o.dispatch(Dispatch.VIRTUAL))
                    .service(SlowService.class, impl).start();
            client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
            assertThat(client.proxy(SlowService.class).thread()).isEmpty();
        } else {
            impl = new SlowServiceImpl("a");
            assertThatThrownBy(() -> RpcServer.builder().options(o -> o.dispatch(Dispatch.VIRTUAL))
                    .service(SlowService.class, impl).start())
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs Java 21");
            server = RpcServer.builder().host("127.0.0.1").service(SlowService.class, impl).start();
            client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
        }
    }

    @Test
    void aBlockedCallDoesNotStallOtherCallsOnTheSameConnection() throws Exception {
        SlowService slow = connect(RpcServer.builder());
        CompletableFuture<String> blocked = slow.blockAsync("first");
        impl.awaitStarted(1);
        assertThat(slow.quick("second")).isEqualTo("a:second");
        assertThat(blocked).isNotDone();
        impl.release();
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo("a:first");
    }

    @Test
    void asyncCallbacksRunOnTheClientsEventLoopWhereSyncCallsAreRefused() throws Exception {
        SlowService slow = connect(RpcServer.builder());
        CompletableFuture<String> answered = slow.blockAsync("x");
        CompletableFuture<String> nested = answered.thenApply(value -> {
            String thread = Thread.currentThread().getName();
            try {
                return thread + " " + slow.quick("nested");
            } catch (IllegalStateException e) {
                return thread + " " + e.getMessage();
            }
        });
        impl.awaitStarted(1);
        impl.release();
        assertThat(nested.get(10, TimeUnit.SECONDS)).startsWith("brisk-rpc-client")
                .contains("called on the client's event loop");
        assertThat(slow.blockAsync("y").thenCompose(value -> slow.blockAsync(value + "z")).get(10, TimeUnit.SECONDS))
                .isEqualTo("a:a:yz");
    }

    @Test
    void callsBeyondMaxInFlightPerConnectionAreRefusedAsOverloaded() throws Exception {
        SlowService slow = connect(RpcServer.builder().options(o -> o.maxInFlightPerConnection(2)));
        CompletableFuture<String> one = CompletableFuture.supplyAsync(() -> slow.block("1"), TestThreads.EXECUTOR);
        CompletableFuture<String> two = CompletableFuture.supplyAsync(() -> slow.block("2"), TestThreads.EXECUTOR);
        impl.awaitStarted(2);
        assertThatThrownBy(() -> slow.quick("3"))
                .isInstanceOf(OverloadedException.class)
                .hasMessageContaining("more than 2 calls in flight on this connection");
        impl.release();
        assertThat(one.get(10, TimeUnit.SECONDS)).isEqualTo("a:1");
        assertThat(two.get(10, TimeUnit.SECONDS)).isEqualTo("a:2");
        assertThat(slow.quick("4")).isEqualTo("a:4");
    }

    @Test
    void aFullWorkerQueueIsRefusedAsOverloaded() throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
        try {
            impl = new SlowServiceImpl("a");
            server = RpcServer.builder().host("127.0.0.1").service(SlowService.class, impl, pool).start();
            client = RpcClient.builder().addresses("127.0.0.1:" + server.port())
                    .options(o -> o.connectionsPerProvider(1)).build();
            SlowService slow = client.proxy(SlowService.class);
            CompletableFuture<String> running = CompletableFuture.supplyAsync(() -> slow.block("1"), TestThreads.EXECUTOR);
            impl.awaitStarted(1);
            CompletableFuture<String> queued = CompletableFuture.supplyAsync(() -> slow.quick("2"), TestThreads.EXECUTOR);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (pool.getQueue().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(pool.getQueue()).hasSize(1);
            assertThatThrownBy(() -> slow.quick("3"))
                    .isInstanceOf(OverloadedException.class).hasMessageContaining("worker queue");
            impl.release();
            assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("a:1");
            assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("a:2");
        } finally {
            pool.shutdownNow();
        }
    }
}
