package dev.brisk.collapse;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import java.io.IOException;
import java.util.concurrent.Callable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SingleFlight: joining the call in flight, outcomes, timeouts, cancellation, reuse, the blocking variant. */
class SingleFlightTest {

    @Test
    void callersOfAKeyJoinTheCallInFlightForItsWholeDuration() {
        SingleFlight<String, String> flight = SingleFlight.create();
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> backend = new CompletableFuture<>();
        List<CompletableFuture<String>> callers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            callers.add(flight.execute("k", () -> {
                calls.incrementAndGet();
                return backend;
            }));
        }
        assertThat(flight.inFlight()).isEqualTo(1);

        backend.complete("value");

        assertThat(calls).hasValue(1);
        assertThat(callers).allSatisfy(caller -> assertThat(caller.join()).isEqualTo("value"));
        assertThat(flight.inFlight()).isZero();
        CollapseStats stats = flight.stats();
        assertThat(stats.executions()).isEqualTo(1);
        assertThat(stats.served()).isEqualTo(10);
        assertThat(stats.collapseFactor()).isEqualTo(10.0);
    }

    @Test
    void differentKeysRunTheirOwnCallsAndAFinishedCallIsNotReused() {
        SingleFlight<Integer, Integer> flight = SingleFlight.create();
        AtomicInteger calls = new AtomicInteger();

        assertThat(flight.execute(1, () -> CompletableFuture.completedFuture(calls.incrementAndGet())).join())
                .isEqualTo(1);
        assertThat(flight.execute(2, () -> CompletableFuture.completedFuture(calls.incrementAndGet())).join())
                .isEqualTo(2);
        assertThat(flight.execute(1, () -> CompletableFuture.completedFuture(calls.incrementAndGet())).join())
                .isEqualTo(3);
        CollapseStats stats = flight.stats(); // three calls of one caller each
        assertThat(stats.executions()).isEqualTo(3);
        assertThat(stats.served()).isEqualTo(3);
        assertThat(stats.keys()).isEqualTo(3);
        assertThat(stats.batchSizes()).containsExactly(3L);
        assertThat(stats.collapseFactor()).isEqualTo(1.0);
    }

    @Test
    void aRecentResultIsReusedWithinItsTtlOnly() {
        SingleFlight<String, Integer> flight = SingleFlight.create(SingleFlightOptions.builder()
                .resultTtl(Duration.ofHours(1)).build());
        AtomicInteger calls = new AtomicInteger();

        assertThat(flight.execute("k", () -> CompletableFuture.completedFuture(calls.incrementAndGet())).join())
                .isEqualTo(1);
        assertThat(flight.execute("k", () -> CompletableFuture.completedFuture(calls.incrementAndGet())).join())
                .isEqualTo(1);
        assertThat(flight.stats().reused()).isEqualTo(1);

        SingleFlight<String, Integer> failing = SingleFlight.create(SingleFlightOptions.builder()
                .resultTtl(Duration.ofHours(1)).build());
        assertThat(failing.execute("k", () -> CompletableFuture.failedFuture(new IllegalStateException("down"))))
                .isCompletedExceptionally();
        assertThat(failing.execute("k", () -> CompletableFuture.completedFuture(7)).join()).isEqualTo(7);
    }

    @Test
    void aFailureReachesEveryCallerAndTheNextCallStartsAfresh() {
        SingleFlight<String, String> flight = SingleFlight.create();
        CompletableFuture<String> backend = new CompletableFuture<>();
        CompletableFuture<String> first = flight.execute("k", () -> backend);
        CompletableFuture<String> second = flight.execute("k", () -> CompletableFuture.completedFuture("never"));
        IllegalStateException down = new IllegalStateException("backend down");

        backend.completeExceptionally(down);

        assertThat(cause(first)).isSameAs(down);
        assertThat(cause(second)).isSameAs(down);
        assertThat(flight.execute("k", () -> CompletableFuture.completedFuture("fresh")).join()).isEqualTo("fresh");
    }

    @Test
    void aCallThatThrowsOrReturnsNullFailsOnlyItsCallers() {
        SingleFlight<String, String> flight = SingleFlight.create();

        assertThat(cause(flight.execute("k", () -> {
            throw new IllegalArgumentException("bad call");
        }))).hasMessage("bad call");
        assertThat(cause(flight.execute("k", () -> null))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key k");
        assertThat(flight.execute("k", () -> CompletableFuture.completedFuture("ok")).join()).isEqualTo("ok");
        assertThat(flight.inFlight()).isZero();
    }

    @Test
    void cancellingOneCallerLeavesTheOthersAndTheLastOneCancelsTheCall() {
        SingleFlight<String, String> flight = SingleFlight.create();
        CompletableFuture<String> backend = new CompletableFuture<>();
        CompletableFuture<String> first = flight.execute("k", () -> backend);
        CompletableFuture<String> second = flight.execute("k", () -> backend);
        CompletableFuture<String> third = flight.execute("k", () -> backend);

        first.cancel(true);
        assertThat(backend).isNotDone();
        backend.complete("v");
        assertThat(second.join()).isEqualTo("v");
        assertThat(third.join()).isEqualTo("v");
        assertThat(first).isCancelled();

        CompletableFuture<String> slow = new CompletableFuture<>();
        CompletableFuture<String> a = flight.execute("other", () -> slow);
        CompletableFuture<String> b = flight.execute("other", () -> slow);
        a.cancel(false);
        b.cancel(false);
        assertThat(slow).isCancelled();
        assertThat(flight.inFlight()).isZero();
        assertThat(flight.stats().cancelled()).isEqualTo(3);
    }

    @Test
    void aCallerThatWaitsTooLongFailsAloneWithATypedError() {
        SingleFlight<String, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(Duration.ofMillis(50)).build());
        CompletableFuture<String> never = new CompletableFuture<>();

        long start = System.nanoTime();
        CompletableFuture<String> caller = flight.execute("k", () -> never);
        CompletableFuture<Long> failedAfter = caller.handle((value, failure) -> System.nanoTime() - start);

        assertThat(cause(caller)).isInstanceOf(CollapseTimeoutException.class)
                .hasMessageContaining("key k").hasMessageContaining("PT0.05S");
        // never before its timeout, whenever the sweep first saw it
        assertThat(failedAfter.join()).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
        assertThat(((CollapseTimeoutException) cause(caller)).key()).isEqualTo("k");
        assertThat(flight.stats().timedOut()).isEqualTo(1);
        // a timeout is not a cancellation: the call goes on, and the next caller of its key joins it
        assertThat(never).isNotDone();
        assertThat(flight.inFlight()).isEqualTo(1);
        CompletableFuture<String> next = flight.execute("k", () -> CompletableFuture.completedFuture("second call"));
        never.complete("first call");
        assertThat(next.join()).isEqualTo("first call");
        assertThat(flight.inFlight()).isZero();
        assertThat(flight.stats().executions()).isEqualTo(1);
        assertThat(flight.execute("k", () -> CompletableFuture.completedFuture("again")).join()).isEqualTo("again");
    }

    @Test
    void callersThatTimeOutNeverLetASecondCallOfTheirKeyStartWhileTheFirstRuns() throws Exception {
        SingleFlight<String, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(Duration.ofMillis(30)).build());
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> slow = new CompletableFuture<>();
        List<CompletableFuture<String>> callers = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            callers.add(flight.execute("k", () -> {
                calls.incrementAndGet();
                return slow;
            }));
            assertThat(cause(callers.get(i))).isInstanceOf(CollapseTimeoutException.class);
        }
        assertThat(calls).hasValue(1);
        CompletableFuture<String> last = flight.execute("k", () -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture("second");
        });
        slow.complete("done");
        assertThat(last.join()).isEqualTo("done");
        assertThat(calls).hasValue(1);
    }

    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aBlockingCallIsNotRunTwiceWhenTheCallersWaitingForItTimeOut() throws Exception {
        SingleFlight<Long, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(Duration.ofMillis(100)).build());
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger loads = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        Callable<String> load = () -> {
            loads.incrementAndGet();
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                release.await(10, TimeUnit.SECONDS);
                return "v";
            } finally {
                running.decrementAndGet();
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<String> leader = pool.submit(() -> flight.executeBlocking(10L, load));
            while (loads.get() == 0) {
                Thread.sleep(1);
            }
            // a joiner times out and leaves; the next caller must join the load still running, not start another
            assertThatThrownBy(() -> flight.executeBlocking(10L, load)).isInstanceOf(CollapseTimeoutException.class);
            Future<String> third = pool.submit(() -> flight.executeBlocking(10L, load));
            while (flight.stats().callers() < 3) {
                Thread.sleep(1);
            }
            release.countDown();
            assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("v");
            assertThat(third.get(10, TimeUnit.SECONDS)).isEqualTo("v");
        } finally {
            pool.shutdownNow();
        }
        assertThat(loads).hasValue(1);
        assertThat(mostAtOnce).hasValue(1);
        // the thread that ran the load is a caller served by it, like the one that joined
        CollapseStats stats = flight.stats();
        assertThat(stats.executions()).isEqualTo(1);
        assertThat(stats.callers()).isEqualTo(3);
        assertThat(stats.served()).isEqualTo(3);
        assertThat(stats.timedOut()).isEqualTo(1);
    }

    @Test
    void aCallerAloneIsServedAndACallEveryCallerCancelledStillCountsAsRun() throws Exception {
        SingleFlight<String, String> flight = SingleFlight.create();
        assertThat(flight.executeBlocking("solo", () -> "v")).isEqualTo("v");
        assertThat(flight.stats().collapseFactor()).isEqualTo(1.0);

        CompletableFuture<String> never = new CompletableFuture<>();
        flight.execute("gone", () -> never).cancel(false);
        assertThat(never).isCancelled();
        assertThat(flight.stats().executions()).isEqualTo(2);
    }

    @Test
    @org.junit.jupiter.api.Timeout(10)
    void callersOfManyKeysTimeOutAgainAfterAQuietSpell() throws Exception {
        SingleFlight<Integer, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(Duration.ofMillis(30)).build());
        for (int round = 0; round < 3; round++) {
            List<CompletableFuture<String>> callers = new ArrayList<>();
            List<CompletableFuture<String>> calls = new ArrayList<>();
            for (int key = 0; key < 50; key++) {
                CompletableFuture<String> call = new CompletableFuture<>();
                calls.add(call);
                callers.add(flight.execute(key, () -> call));
            }
            for (CompletableFuture<String> caller : callers) {
                assertThat(cause(caller)).isInstanceOf(CollapseTimeoutException.class);
            }
            calls.forEach(call -> call.complete("late")); // the calls outlive their callers, then end
            assertThat(flight.inFlight()).isZero();
            Thread.sleep(20); // nothing in flight: the next callers must start the timeouts again
        }
        assertThat(flight.stats().timedOut()).isEqualTo(150);
    }

    @Test
    void tooManyKeysInFlightAreRefused() {
        SingleFlight<Integer, String> flight = SingleFlight.create(SingleFlightOptions.builder().maxInFlight(2)
                .build());
        flight.execute(1, CompletableFuture::new);
        flight.execute(2, CompletableFuture::new);

        assertThat(cause(flight.execute(3, CompletableFuture::new))).isInstanceOf(CollapseRejectedException.class)
                .hasMessageContaining("maxInFlight 2");
        assertThat(flight.execute(1, CompletableFuture::new)).isNotDone(); // joining is always possible
        assertThat(flight.stats().rejected()).isEqualTo(1);
    }

    @Test
    void nullKeysAndCallsAreRejectedAtOnce() {
        SingleFlight<String, String> flight = SingleFlight.create();
        assertThatThrownBy(() -> flight.execute(null, CompletableFuture::new)).isInstanceOf(NullPointerException.class)
                .hasMessage("key");
        assertThatThrownBy(() -> flight.execute("k", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("call");
    }

    @Test
    void theBlockingVariantRunsTheCallOnTheLeadersThreadAndSharesItsOutcome() throws Exception {
        SingleFlight<String, String> flight = SingleFlight.create();
        CountDownLatch inCall = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<String> leader = threads.submit(() -> flight.executeBlocking("k", () -> {
                calls.incrementAndGet();
                inCall.countDown();
                release.await();
                return Thread.currentThread().getName();
            }));
            assertThat(inCall.await(5, TimeUnit.SECONDS)).isTrue();
            List<Future<String>> followers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                followers.add(threads.submit(() -> flight.executeBlocking("k", () -> "not called")));
            }
            awaitCallers(flight, 4);
            release.countDown();

            String leaderThread = leader.get(5, TimeUnit.SECONDS);
            for (Future<String> follower : followers) {
                assertThat(follower.get(5, TimeUnit.SECONDS)).isEqualTo(leaderThread);
            }
            assertThat(calls).hasValue(1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theBlockingVariantThrowsTheCallsOwnExceptionAndSurvivesAnInterruptedLeader() throws Exception {
        SingleFlight<String, String> flight = SingleFlight.create();
        assertThatThrownBy(() -> flight.executeBlocking("k", () -> {
            throw new IOException("disk");
        })).isInstanceOf(IOException.class).hasMessage("disk");

        CountDownLatch inCall = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<String> leader = threads.submit(() -> flight.executeBlocking("k", () -> {
                inCall.countDown();
                Thread.sleep(60_000);
                return "late";
            }));
            assertThat(inCall.await(5, TimeUnit.SECONDS)).isTrue();
            Future<String> follower = threads.submit(() -> flight.executeBlocking("k", () -> "not called"));
            awaitCallers(flight, 3); // the failed call above, the leader, the follower

            leader.cancel(true); // interrupts the leader's thread

            assertThatThrownBy(() -> follower.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(CollapseException.class)
                    .hasRootCauseInstanceOf(InterruptedException.class);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void optionsNameTheOffendingComponent() {
        assertThatThrownBy(() -> SingleFlightOptions.builder().timeout(Duration.ofSeconds(-1)))
                .hasMessage("timeout must be zero or positive: PT-1S");
        assertThatThrownBy(() -> new SingleFlightOptions(Duration.ZERO, Duration.ZERO, 0, CollapseMetrics.NONE))
                .hasMessage("maxInFlight must be >= 1: 0");
        SingleFlightOptions options = SingleFlightOptions.builder().resultTtl(Duration.ofSeconds(2)).build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(SingleFlight.create(options).options()).isEqualTo(options);
    }

    static void awaitCallers(SingleFlight<?, ?> flight, long callers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (flight.stats().callers() < callers) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + flight.stats().callers() + " callers arrived");
            }
            Thread.sleep(5);
        }
    }

    static Throwable cause(CompletableFuture<?> future) {
        try {
            future.join();
        } catch (CompletionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        }
        throw new AssertionError("completed normally: " + future);
    }
}
