package dev.brisk.collapse;

import org.junit.jupiter.api.RepeatedTest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both collapsers hammered from many threads with random keys, failures, slow calls, timeouts and cancellations.
 * Whatever the interleaving, every caller must complete, with its own key's value or with a failure it can explain;
 * the batch function never sees a duplicate or more than its limit, and never more batches at once than allowed; a
 * single flight never runs two calls of one key at once. Repeated, since each run is a different interleaving.
 */
class CollapseStressTest {

    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 1500;
    private static final int KEYS = 40;
    /** This key is never in a batch's result. */
    private static final int MISSING = 13;

    @RepeatedTest(5)
    void everyBatchCallerCompletesWithItsOwnOutcome() throws Exception {
        ScheduledExecutorService backend = Executors.newScheduledThreadPool(2);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostRunning = new AtomicInteger();
        Queue<String> violations = new ConcurrentLinkedQueue<>();
        BatchFunction<Integer, String> function = keys -> {
            int now = running.incrementAndGet();
            mostRunning.accumulateAndGet(now, Math::max);
            if (keys.size() > 16 || new HashSet<>(keys).size() != keys.size() || keys.contains(null)) {
                violations.add("bad batch " + keys);
            }
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int outcome = random.nextInt(10);
            if (outcome == 0) {
                running.decrementAndGet();
                throw new IllegalStateException("thrown");
            }
            Map<Integer, String> values = new HashMap<>();
            keys.stream().filter(k -> k != MISSING).forEach(k -> values.put(k, "v" + k));
            AtomicBoolean ended = new AtomicBoolean();
            Runnable end = () -> {
                if (ended.compareAndSet(false, true)) {
                    running.decrementAndGet();
                }
            };
            // a batch whose callers have all gone is cancelled, and its slot is free again at once
            CompletableFuture<Map<Integer, String>> stage = new CompletableFuture<>() {
                @Override
                public boolean cancel(boolean mayInterruptIfRunning) {
                    end.run();
                    return super.cancel(mayInterruptIfRunning);
                }
            };
            Runnable finish = () -> {
                end.run();
                if (outcome == 1) {
                    stage.completeExceptionally(new IllegalStateException("failed"));
                } else {
                    stage.complete(values);
                }
            };
            if (outcome < 5) {
                finish.run();
            } else {
                backend.schedule(finish, random.nextInt(3), TimeUnit.MILLISECONDS);
            }
            return stage;
        };
        List<CompletableFuture<String>> all = new ArrayList<>();
        Map<CompletableFuture<String>, Integer> keyOf = new ConcurrentHashMap<>();
        Map<CompletableFuture<String>, Boolean> cancelled = new ConcurrentHashMap<>();
        try (BatchCollapser<Integer, String> collapser = BatchCollapser.builder(function).maxBatchSize(16)
                .maxConcurrentBatches(3).maxQueueSize(100_000).timeout(Duration.ofMillis(200)).build()) {
            hammer(THREADS, () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                int key = random.nextInt(KEYS);
                CompletableFuture<String> future = collapser.submit(key);
                keyOf.put(future, key);
                if (random.nextInt(20) == 0 && future.cancel(false)) {
                    cancelled.put(future, true);
                }
                synchronized (all) {
                    all.add(future);
                }
            });
            for (CompletableFuture<String> future : all) {
                String problem = check(future, keyOf.get(future), cancelled.containsKey(future),
                        "thrown", "failed");
                if (problem != null) {
                    violations.add(problem);
                }
            }
            assertThat(violations).isEmpty();
            assertThat(mostRunning.get()).isLessThanOrEqualTo(3);
            CollapseStats stats = collapser.stats();
            assertThat(stats.callers()).isEqualTo((long) THREADS * CALLS_PER_THREAD);
            assertThat(stats.queueDepth()).isZero();
        } finally {
            backend.shutdownNow();
        }
    }

    @RepeatedTest(5)
    void everySingleFlightCallerCompletesWithItsOwnOutcome() throws Exception {
        singleFlightRun(true);
    }

    /** Without cancellations and timeouts no call is ever abandoned, so a key never has two calls at once. */
    @RepeatedTest(3)
    void aKeyNeverHasTwoCallsAtOnceWhileItsCallersWait() throws Exception {
        singleFlightRun(false);
    }

    private void singleFlightRun(boolean chaos) throws Exception {
        ScheduledExecutorService backend = Executors.newScheduledThreadPool(2);
        Map<Integer, AtomicInteger> runningPerKey = new ConcurrentHashMap<>();
        Queue<String> violations = new ConcurrentLinkedQueue<>();
        SingleFlight<Integer, String> flight = SingleFlight.create(SingleFlightOptions.builder()
                .timeout(chaos ? Duration.ofMillis(200) : Duration.ZERO).build());
        List<CompletableFuture<String>> all = new ArrayList<>();
        Map<CompletableFuture<String>, Integer> keyOf = new ConcurrentHashMap<>();
        Map<CompletableFuture<String>, Boolean> cancelled = new ConcurrentHashMap<>();
        try {
            hammer(THREADS, () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                int key = random.nextInt(KEYS);
                CompletableFuture<String> future = flight.execute(key, () -> {
                    AtomicInteger running = runningPerKey.computeIfAbsent(key, k -> new AtomicInteger());
                    if (running.incrementAndGet() > 1 && !chaos) {
                        violations.add("two calls of key " + key + " at once");
                    }
                    int outcome = ThreadLocalRandom.current().nextInt(10);
                    if (outcome == 0) {
                        running.decrementAndGet();
                        throw new IllegalStateException("thrown");
                    }
                    CompletableFuture<String> stage = new CompletableFuture<>();
                    Runnable finish = () -> {
                        running.decrementAndGet();
                        if (outcome == 1) {
                            stage.completeExceptionally(new IllegalStateException("failed"));
                        } else {
                            stage.complete("v" + key);
                        }
                    };
                    if (outcome < 4) {
                        finish.run();
                    } else {
                        backend.schedule(finish, ThreadLocalRandom.current().nextInt(3), TimeUnit.MILLISECONDS);
                    }
                    return stage;
                });
                keyOf.put(future, key);
                if (chaos && random.nextInt(20) == 0 && future.cancel(false)) {
                    cancelled.put(future, true);
                }
                synchronized (all) {
                    all.add(future);
                }
            });
            for (CompletableFuture<String> future : all) {
                String problem = check(future, keyOf.get(future), cancelled.containsKey(future), "thrown", "failed");
                if (problem != null && !problem.contains("MissingResult")) {
                    violations.add(problem);
                }
            }
            assertThat(violations).isEmpty();
            assertThat(flight.stats().callers()).isEqualTo((long) THREADS * CALLS_PER_THREAD);
            awaitEmpty(flight);
        } finally {
            backend.shutdownNow();
        }
    }

    /** Null when {@code future} completed with an outcome its caller can explain, else what is wrong. */
    private static String check(CompletableFuture<String> future, int key, boolean cancelled, String... failures) {
        try {
            String value = future.get(30, TimeUnit.SECONDS);
            return value.equals("v" + key) ? null : "key " + key + " got " + value;
        } catch (TimeoutException e) {
            return "key " + key + " never completed";
        } catch (CancellationException e) {
            return cancelled ? null : "key " + key + " cancelled by nobody";
        } catch (Exception e) {
            Throwable cause = e instanceof ExecutionException || e instanceof CompletionException
                    ? e.getCause() : e;
            if (cause instanceof CollapseTimeoutException) {
                return null;
            }
            if (cause instanceof MissingResultException missing) {
                return key == MISSING && missing.key().equals(key) ? null : "key " + key + " missing";
            }
            if (cause instanceof IllegalStateException && List.of(failures).contains(cause.getMessage())) {
                return null;
            }
            return "key " + key + " failed with " + cause;
        }
    }

    private static void hammer(int threads, Runnable call) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        Queue<Throwable> errors = new ConcurrentLinkedQueue<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        call.run();
                    }
                } catch (Throwable e) {
                    errors.add(e);
                } finally {
                    done.countDown();
                }
            });
            thread.start();
        }
        start.countDown();
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(errors).isEmpty();
    }

    private static void awaitEmpty(SingleFlight<?, ?> flight) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (flight.inFlight() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(flight.inFlight()).isZero();
    }
}
