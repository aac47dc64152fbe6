package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcServer;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import java.util.HashSet;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Providers coming and going (closed gracefully, closed at once as if killed, started) and ZooKeeper restarting, while
 * 32 threads call: idempotent calls always succeed (failing over), a non-idempotent call runs at most once and, when
 * it fails, fails with a typed error; the consumer's provider set ends up equal to the providers alive.
 */
class ChurnUnderLoadTest {

    private static final int THREADS = 32;

    /** Runs of {@code record} per id, over every provider of the test. */
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

    private RpcServer provider(String name, ZooKeeperRegistry registry) {
        return RpcServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1).workerThreads(16))
                .registry(registry)
                .options(o -> o.shutdownTimeout(Duration.ofSeconds(3)))
                .service(Ledger.class, new Ledger() {
                    @Override
                    public String read(String key) {
                        pause();
                        return name + ":" + key;
                    }

                    @Override
                    public String record(String id) {
                        runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                        pause();
                        return name;
                    }
                }).start();
    }

    @Test
    void callsSurviveProviderChurnAndAZooKeeperRestart() throws Exception {
        TestingServer zooKeeper = TestZooKeeper.server();
        ExecutorService callers = Executors.newFixedThreadPool(THREADS);
        Map<String, RpcServer> alive = new LinkedHashMap<>();
        try (ZooKeeperRegistry serverSide = registry(zooKeeper);
             ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide)
                     .options(o -> o.callTimeout(Duration.ofSeconds(5)))
                     .build()) {
            for (String name : List.of("a", "b", "c")) {
                alive.put(name, provider(name, serverSide));
            }
            Ledger ledger = client.proxy(Ledger.class);
            TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
            clientSide.subscribe(Ledger.class.getName(), recorder);
            await("a, b and c are listed", () -> recorder.ports().equals(ports(alive)));

            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger reads = new AtomicInteger();
            List<Throwable> readFailures = new ArrayList<>();
            Map<String, Throwable> recordFailures = new ConcurrentHashMap<>();
            Set<String> recorded = ConcurrentHashMap.newKeySet();
            List<Future<?>> load = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                load.add(callers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        if (i % 2 == 0) {
                            try {
                                assertThat(ledger.read("k" + i)).endsWith(":k" + i);
                                reads.incrementAndGet();
                            } catch (RuntimeException e) {
                                synchronized (readFailures) {
                                    readFailures.add(e);
                                }
                            }
                        } else {
                            String id = thread + "-" + i;
                            try {
                                ledger.record(id);
                                recorded.add(id);
                            } catch (RuntimeException e) {
                                recordFailures.put(id, e);
                            }
                        }
                    }
                }));
            }

            int before = reads.get();
            await("calls flow", () -> reads.get() > before + 100);
            alive.remove("a").close();                                  // leaves gracefully
            alive.put("d", provider("d", serverSide));
            awaitProgress(reads);
            alive.remove("b").closeNow();                               // gone at once, calls in flight lost
            awaitProgress(reads);
            zooKeeper.stop();                                           // ZooKeeper away: last known providers serve
            awaitProgress(reads);
            zooKeeper.restart();
            alive.put("e", provider("e", serverSide));
            await("the consumer sees exactly the providers alive", () -> recorder.ports().equals(ports(alive)));
            awaitProgress(reads);
            running.set(false);
            for (Future<?> future : load) {
                future.get(30, TimeUnit.SECONDS);
            }

            assertThat(readFailures).as("idempotent calls fail over").isEmpty();
            assertThat(recorded).as("calls made").hasSizeGreaterThan(50);
            for (String id : recorded) {
                assertThat(runs.get(id)).as("runs of successful call " + id).hasValue(1);
            }
            recordFailures.forEach((id, failure) -> {
                assertThat(failure).as("failure of " + id).isInstanceOf(RpcException.class);
                AtomicInteger ran = runs.get(id);
                assertThat(ran == null ? 0 : ran.get()).as("runs of failed call " + id).isLessThanOrEqualTo(1);
            });
            assertThat(runs.values()).allSatisfy(count -> assertThat(count).hasValueLessThanOrEqualTo(1));
            await("the calls reach exactly c, d and e", () -> answering(ledger).equals(Set.of("c", "d", "e")));
        } finally {
            callers.shutdownNow();
            alive.values().forEach(RpcServer::closeNow);
            zooKeeper.close();
        }
    }

    /** Keeps calls in flight long enough for a provider to go away under them. */
    private static void pause() {
        try {
            Thread.sleep(3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Set<Integer> ports(Map<String, RpcServer> servers) {
        return servers.values().stream().map(RpcServer::port).collect(Collectors.toSet());
    }

    /** Waits until 50 more reads succeeded. */
    private static void awaitProgress(AtomicInteger reads) {
        int before = reads.get();
        await("calls go on", () -> reads.get() > before + 50);
    }

    private static Set<String> answering(Ledger ledger) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            String answer = ledger.read("x");
            names.add(answer.substring(0, answer.indexOf(':')));
        }
        return names;
    }
}
