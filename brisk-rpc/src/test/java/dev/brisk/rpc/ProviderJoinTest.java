package dev.brisk.rpc;

import dev.brisk.rpc.Nodes.GatedNode;
import dev.brisk.rpc.Nodes.Node;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.brisk.rpc.HungProviderTest.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

/** A third provider joins while callers keep two busy: no call fails, none stalls, and the newcomer takes its share. */
class ProviderJoinTest {

    private static final int CALLERS = 8;

    @Test
    void aJoiningProviderTakesCallsWithoutFailuresOrStall() throws Exception {
        StaticRegistry registry = StaticRegistry.create();
        GatedNode joining = new GatedNode("c");
        List<RpcServer> servers = new ArrayList<>();
        servers.add(RpcServer.builder().host("127.0.0.1").registry(registry).service(Node.class, new GatedNode("a"))
                .start());
        servers.add(RpcServer.builder().host("127.0.0.1").registry(registry).service(Node.class, new GatedNode("b"))
                .start());
        ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
        AtomicBoolean running = new AtomicBoolean(true);
        try (RpcClient client = RpcClient.builder().registry(registry).build()) {
            Node node = client.proxy(Node.class);
            AtomicInteger successes = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Future<?>> loops = new ArrayList<>();
            for (int t = 0; t < CALLERS; t++) {
                loops.add(callers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        try {
                            node.name(i);
                            successes.incrementAndGet();
                        } catch (Throwable e) {
                            failures.add(e);
                        }
                    }
                }));
            }
            awaitTrue(() -> successes.get() >= 500, 30);

            servers.add(RpcServer.builder().host("127.0.0.1").registry(registry).service(Node.class, joining)
                    .start());
            int atJoin = successes.get();
            Thread.sleep(1000);
            assertThat(successes.get() - atJoin).as("calls answered in the second after the join").isGreaterThan(50);
            awaitTrue(() -> joining.calls() >= 200, 30);

            running.set(false);
            for (Future<?> loop : loops) {
                loop.get(20, TimeUnit.SECONDS);
            }
            assertThat(failures).isEmpty();
        } finally {
            running.set(false);
            callers.shutdownNow();
            servers.forEach(RpcServer::close);
        }
    }
}
