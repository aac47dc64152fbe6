package dev.brisk.rpc;

import dev.brisk.rpc.Nodes.GatedNode;
import dev.brisk.rpc.Nodes.Node;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One of three providers hangs (its service method blocks) under callers that keep all of them busy, with the
 * client's default options: calls keep completing on the other two, only the calls caught on the hung provider (and
 * probes) fail, and once it answers again it comes back, through one probe at a time.
 */
class HungProviderTest {

    private static final int CALLERS = 16;

    @Test
    void callsGoOnWithoutTheHungProviderWhichComesBackOnceItAnswers() throws Exception {
        StaticRegistry registry = StaticRegistry.create();
        List<GatedNode> nodes = List.of(new GatedNode("a"), new GatedNode("b"), new GatedNode("c"));
        List<RpcServer> servers = new ArrayList<>();
        for (GatedNode node : nodes) {
            servers.add(RpcServer.builder().host("127.0.0.1").registry(registry).service(Node.class, node).start());
        }
        GatedNode hung = nodes.get(2);
        ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
        AtomicBoolean running = new AtomicBoolean(true);
        try (RpcClient client = RpcClient.builder().registry(registry).build()) {
            client.awaitProviders(Node.class, 3, Duration.ofSeconds(10));
            Node node = client.proxy(Node.class);
            AtomicInteger successes = new AtomicInteger();
            ConcurrentHashMap<String, AtomicInteger> answeredBy = new ConcurrentHashMap<>();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            AtomicLong firstFailureAt = new AtomicLong();
            List<Future<?>> loops = new ArrayList<>();
            for (int t = 0; t < CALLERS; t++) {
                loops.add(callers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        try {
                            answeredBy.computeIfAbsent(node.name(i), name -> new AtomicInteger()).incrementAndGet();
                            successes.incrementAndGet();
                        } catch (Throwable e) {
                            firstFailureAt.compareAndSet(0, System.nanoTime());
                            failures.add(e);
                        }
                    }
                }));
            }
            awaitTrue(() -> hung.calls() >= 100 && successes.get() >= 1000, 30);

            hung.hold();
            long heldAt = System.nanoTime();
            Thread.sleep(1000);
            int oneSecondIn = successes.get();
            Thread.sleep(2000);
            assertThat(successes.get() - oneSecondIn).as("calls answered 1 to 3 s into the hang").isGreaterThan(50);

            // the calls caught on it time out after the call timeout (5 s); it is ejected, then probed
            awaitTrue(() -> System.nanoTime() - heldAt > TimeUnit.SECONDS.toNanos(8), 30);
            assertThat(failures).isNotEmpty().allSatisfy(e -> assertThat(e).isInstanceOf(RpcTimeoutException.class));
            assertThat(hung.heldCallsAfter(firstFailureAt.get())).as("probes while ejected").isLessThanOrEqualTo(2);
            hung.release();
            int answeredByHungBefore = answeredBy.getOrDefault("c", new AtomicInteger()).get();
            awaitTrue(() -> answeredBy.get("c").get() >= answeredByHungBefore + 100, 30);

            running.set(false);
            for (Future<?> loop : loops) {
                loop.get(20, TimeUnit.SECONDS);
            }
            assertThat(failures).as("only the calls caught on the hung provider, and probes, fail")
                    .hasSizeLessThanOrEqualTo(CALLERS + 2)
                    .allSatisfy(e -> assertThat(e).isInstanceOf(RpcTimeoutException.class));
            assertThat(failures.size()).isLessThanOrEqualTo(hung.heldCalls());
        } finally {
            running.set(false);
            hung.release();
            callers.shutdownNow();
            servers.forEach(RpcServer::closeNow);
        }
    }

    static void awaitTrue(BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean() && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
        assertThat(condition.getAsBoolean()).as("within " + seconds + " s").isTrue();
    }
}
