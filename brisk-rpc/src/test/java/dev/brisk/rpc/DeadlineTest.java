package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Calls whose callers gave up are not run later: neither those that waited for a worker past their deadline, nor
 * (with wall-clock deadlines) those that waited in the socket of a provider that read nothing meanwhile.
 */
class DeadlineTest {

    /** A service whose {@link #hold()} occupies the thread it runs on and whose {@link #record} counts its runs. */
    public interface Ledger {

        /** Blocks until the test releases it. */
        @Timeout(millis = 20_000)
        String hold();

        /** Runs at once; the test counts its runs. */
        int record(String entry);
    }

    static final class CountingLedger implements Ledger {

        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> recorded = new CopyOnWriteArrayList<>();

        @Override
        public String hold() {
            started.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "held";
        }

        @Override
        public int record(String entry) {
            recorded.add(entry);
            return recorded.size();
        }
    }

    private RpcServer server;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private Ledger connect(RpcServer.Builder builder) {
        server = builder.host("127.0.0.1").start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port())
                .options(o -> o.callTimeout(Duration.ofMillis(300))).build();
        return client.proxy(Ledger.class);
    }

    /** Holds the provider's only thread, makes three calls that time out meanwhile, then lets it go. */
    private void timeOutThreeCallsWhileHeld(Ledger ledger, CountingLedger impl) throws Exception {
        CompletableFuture<String> held = CompletableFuture.supplyAsync(ledger::hold, TestThreads.EXECUTOR);
        assertThat(impl.started.await(10, TimeUnit.SECONDS)).isTrue();
        List<CompletableFuture<Integer>> late = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String entry = "late-" + i;
            late.add(CompletableFuture.supplyAsync(() -> ledger.record(entry), TestThreads.EXECUTOR));
        }
        for (CompletableFuture<Integer> call : late) {
            assertThatThrownBy(call::join).hasCauseInstanceOf(RpcTimeoutException.class);
        }
        Thread.sleep(100);
        impl.release.countDown();
        assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo("held");
    }

    @Test
    void callsWhoseCallerGaveUpWhileTheyWaitedForAWorkerAreNotRun() throws Exception {
        CountingLedger impl = new CountingLedger();
        Ledger ledger = connect(RpcServer.builder().options(o -> o.workerThreads(1)).service(Ledger.class, impl));

        timeOutThreeCallsWhileHeld(ledger, impl);

        assertThat(ledger.record("after")).isEqualTo(1);
        assertThat(impl.recorded).containsExactly("after");
        assertThat(server.expiredCalls()).isEqualTo(3);
    }

    @Test
    void withoutWallClockDeadlinesCallsThatWaitedInTheSocketStillRun() throws Exception {
        CountingLedger impl = new CountingLedger();
        // one event loop running the service itself: while hold() runs, the provider reads nothing, as if paused
        Ledger ledger = connect(RpcServer.builder().options(o -> o.ioThreads(1))
                .service(Ledger.class, impl, Dispatch.IO));

        timeOutThreeCallsWhileHeld(ledger, impl);

        assertThat(ledger.record("after")).isEqualTo(4);
        assertThat(impl.recorded).containsExactlyInAnyOrder("late-0", "late-1", "late-2", "after");
        assertThat(server.expiredCalls()).isZero();
    }

    @Test
    void wallClockDeadlinesDropCallsThatWaitedInTheSocketPastTheirDeadline() throws Exception {
        CountingLedger impl = new CountingLedger();
        Ledger ledger = connect(RpcServer.builder().options(o -> o.ioThreads(1).wallClockDeadlines(true))
                .service(Ledger.class, impl, Dispatch.IO));

        timeOutThreeCallsWhileHeld(ledger, impl);

        assertThat(ledger.record("after")).isEqualTo(1);
        assertThat(impl.recorded).containsExactly("after");
        assertThat(server.expiredCalls()).isEqualTo(3);
    }
}
