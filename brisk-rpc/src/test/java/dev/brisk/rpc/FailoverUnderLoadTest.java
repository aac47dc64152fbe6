package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One of two providers is killed while callers keep both busy: every idempotent call still succeeds, and no
 * non-idempotent call runs more often than it was made; those that fail do so with a typed RpcException.
 */
class FailoverUnderLoadTest {

    /** Counts executions. */
    public interface Counter {

        @Idempotent
        String read(int key);

        String write(int key);
    }

    private static Counter counting(String name, AtomicInteger writes) {
        return new Counter() {
            @Override
            public String read(int key) {
                pause();
                return name;
            }

            @Override
            public String write(int key) {
                writes.incrementAndGet();
                pause();
                return name;
            }

            private void pause() {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    @Test
    void killingAProviderUnderLoad() throws Exception {
        AtomicInteger writesA = new AtomicInteger();
        AtomicInteger writesB = new AtomicInteger();
        StaticRegistry registry = StaticRegistry.create();
        RpcServer a = RpcServer.builder().host("127.0.0.1").registry(registry)
                .service(Counter.class, counting("a", writesA)).start();
        RpcServer b = RpcServer.builder().host("127.0.0.1").registry(registry)
                .service(Counter.class, counting("b", writesB)).start();
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try (RpcClient client = RpcClient.builder().registry(registry)
                .options(o -> o.callTimeout(Duration.ofSeconds(10))).build()) {
            Counter counter = client.proxy(Counter.class);
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger readsDone = new AtomicInteger();
            AtomicInteger writesMade = new AtomicInteger();
            AtomicInteger writesAnswered = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> readFailures = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Throwable> writeFailures = new ConcurrentLinkedQueue<>();
            List<Future<?>> loops = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                boolean reader = t % 2 == 0;
                loops.add(callers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        if (reader) {
                            try {
                                counter.read(i);
                                readsDone.incrementAndGet();
                            } catch (Throwable e) {
                                readFailures.add(e);
                            }
                        } else {
                            writesMade.incrementAndGet();
                            try {
                                counter.write(i);
                                writesAnswered.incrementAndGet();
                            } catch (Throwable e) {
                                writeFailures.add(e);
                            }
                        }
                    }
                }));
            }
            awaitAtLeast(readsDone, 200);
            a.closeNow();
            int readsAtKill = readsDone.get();
            awaitAtLeast(readsDone, readsAtKill + 200);
            running.set(false);
            for (Future<?> loop : loops) {
                loop.get(20, TimeUnit.SECONDS);
            }

            assertThat(readFailures).as("idempotent calls fail over").isEmpty();
            assertThat(writeFailures).allSatisfy(e -> assertThat(e).isInstanceOf(ConnectionLostException.class));
            assertThat(writesA.get() + writesB.get()).as("no write runs twice")
                    .isLessThanOrEqualTo(writesMade.get());
            assertThat(writesA.get() + writesB.get()).isGreaterThanOrEqualTo(writesAnswered.get());
            assertThat(counter.read(0)).isEqualTo("b");
        } finally {
            callers.shutdownNow();
            a.closeNow();
            b.close();
        }
    }

    private static void awaitAtLeast(AtomicInteger counter, int target) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (counter.get() < target && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(counter.get()).isGreaterThanOrEqualTo(target);
    }
}
