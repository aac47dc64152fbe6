package dev.brisk.rest.internal;

import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.Schedulers;
import dev.brisk.transport.Transports;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.internal.ThreadExecutorMap;

import dev.brisk.rest.SchedulerState;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The schedulers of one server: built-in IO, worker and virtual, plus the application's named executors. */
final class SchedulerPools {

    private final Map<String, RouteScheduler> byName = new LinkedHashMap<>();
    private final BriskOptions options;

    SchedulerPools(BriskOptions options, Map<String, Executor> custom) {
        this.options = options;
        byName.put(Schedulers.IO, new Inline());
        custom.forEach((name, executor) -> byName.put(name, new Custom(name, executor)));
    }

    /** The scheduler called {@code name}, created on first use for worker and virtual. */
    synchronized RouteScheduler get(String name) {
        RouteScheduler scheduler = byName.get(name);
        if (scheduler != null) {
            return scheduler;
        }
        scheduler = switch (name) {
            case Schedulers.WORKER -> new Pool(name, options.workerThreads(), options.workerQueueSize(),
                    options.maxQueueTime());
            case Schedulers.VIRTUAL -> new Virtual(options.virtualMaxConcurrency());
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "': use io, worker, virtual "
                    + "or register it with scheduler(name, executor)");
        };
        byName.put(name, scheduler);
        return scheduler;
    }

    void shutdown() {
        byName.values().forEach(RouteScheduler::shutdown);
    }

    /** The state of every scheduler created so far (worker and virtual exist once a route uses them). */
    synchronized List<SchedulerState> states() {
        return byName.values().stream().map(RouteScheduler::state).toList();
    }

    /** Resizes the pool called {@code name}. */
    synchronized void resize(String name, int threads) {
        RouteScheduler scheduler = byName.get(name);
        if (scheduler == null) {
            throw new IllegalArgumentException("no scheduler '" + name + "' in use; in use: " + byName.keySet());
        }
        scheduler.resize(threads);
    }

    private static void unavailable(DefaultRequestContext ctx, String why) {
        if (ctx.compiledRoute() == null) {
            ctx.services().routeForRecord(ctx); // refused before routing: its metrics and log still name its route
        }
        ctx.services().problems().send(ctx, 503, why, true);
    }

    /** Runs on the event loop. */
    private static final class Inline implements RouteScheduler {
        @Override
        public String name() {
            return Schedulers.IO;
        }

        @Override
        public boolean inline() {
            return true;
        }

        @Override
        public void dispatch(DefaultRequestContext ctx, Runnable task) {
            task.run();
        }
    }

    /**
     * A bounded pool with a bounded queue; requests that waited longer than the limit are answered 503. Requests
     * decoded in one event-loop read batch are handed over together, and the pool wakes no more workers than the
     * machine can run at once: each awake worker takes the waiting requests one at a time, from every batch, until
     * none is left, so a worker that is still busy takes the next batch without being woken at all. When no worker has
     * started a request for {@link #STALLED_NANOS} while requests wait (the awake ones block: a database call, a
     * remote call), one more is woken, up to the pool's size, so blocking handlers still get every thread.
     */
    private static final class Pool implements RouteScheduler {
        /** How long requests may wait with no worker starting one before another worker is woken. */
        private static final long STALLED_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

        private final String name;
        private final ThreadPoolExecutor executor;
        private final long maxQueueNanos;
        private volatile int threads;
        private final int queueSize;
        /** Workers woken for a batch at most: those the processors available to the JVM can run at once. */
        private final int parallelism = Math.max(1, Runtime.getRuntime().availableProcessors());
        private final LongAdder rejected = new LongAdder();
        /** Requests handed over and not started yet: the queue bound counts requests, not batches. */
        private final AtomicInteger waiting = new AtomicInteger();
        /** Batches with requests not taken yet, oldest first. */
        private final ConcurrentLinkedQueue<Handoff> pending = new ConcurrentLinkedQueue<>();
        /** Workers taking requests now (awake, or woken and about to be). */
        private final AtomicInteger runners = new AtomicInteger();
        /** When a worker last started a request ({@link System#nanoTime()}). */
        private final AtomicLong lastStart = new AtomicLong(System.nanoTime());
        /** Whether an event loop has a check of stalled requests scheduled. */
        private final AtomicBoolean watching = new AtomicBoolean();
        private final Runnable runner = this::drain;
        private final FastThreadLocal<Batch> batches = new FastThreadLocal<>() {
            @Override
            protected Batch initialValue() {
                return new Batch();
            }
        };

        Pool(String name, int threads, int queueSize, Duration maxQueueTime) {
            this.name = name;
            this.threads = threads;
            this.queueSize = queueSize;
            AtomicInteger counter = new AtomicInteger();
            this.executor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread thread = new Thread(r, "brisk-" + name + "-" + counter.incrementAndGet());
                        thread.setDaemon(true);
                        return thread;
                    });
            this.maxQueueNanos = maxQueueTime.toNanos();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean inline() {
            return false;
        }

        @Override
        public void dispatch(DefaultRequestContext ctx, Runnable task) {
            EventExecutor loop = ThreadExecutorMap.currentExecutor();
            if (loop == null) {
                submit(new Queued[] {new Queued(ctx, task, System.nanoTime())}, 1, null);
                return;
            }
            Batch batch = batches.get();
            if (batch.size == 0) {
                Runnable flush = () -> batch.flush(this, loop);
                // handed over right after the read pass that decoded the batch, not behind queued responses
                if (!Transports.runAfterIo(flush)) {
                    loop.execute(flush);
                }
            }
            batch.add(new Queued(ctx, task, System.nanoTime()));
        }

        /**
         * Hands {@code count} queued requests to the workers; {@code loop}, the event loop handing them over (null
         * for another thread), watches them until a worker has started them.
         */
        void submit(Queued[] queued, int count, EventExecutor loop) {
            int accepted = 0;
            for (int i = 0; i < count; i++) {
                if (waiting.incrementAndGet() > queueSize) {
                    waiting.decrementAndGet();
                    rejected.increment();
                    unavailable(queued[i].ctx(), "the queue of scheduler " + name + " is full");
                } else {
                    queued[accepted++] = queued[i];
                }
            }
            if (accepted == 0) {
                return;
            }
            boolean stalled = stalled(accepted);
            pending.add(new Handoff(queued, accepted));
            wake(loop == null ? accepted : Math.min(accepted, parallelism));
            if (stalled) {
                wakeOneMore();
            }
            if (loop != null && watching.compareAndSet(false, true)) {
                try {
                    loop.schedule(() -> watch(loop), STALLED_NANOS, TimeUnit.NANOSECONDS);
                } catch (RejectedExecutionException e) {
                    watching.set(false); // the event loop is shutting down
                }
            }
        }

        /** Whether requests handed over earlier than the {@code added} ones wait with no worker starting any. */
        private boolean stalled(int added) {
            return waiting.get() > added && System.nanoTime() - lastStart.get() > STALLED_NANOS;
        }

        /** On the event loop, while requests wait: wakes one more worker when none has started one lately. */
        private void watch(EventExecutor loop) {
            if (waiting.get() <= 0 || executor.isShutdown()) {
                watching.set(false);
                // a request handed over between the test and the flag finds no watch: look again
                if (waiting.get() <= 0 || !watching.compareAndSet(false, true)) {
                    return;
                }
            }
            if (System.nanoTime() - lastStart.get() > STALLED_NANOS) {
                wakeOneMore();
            }
            try {
                loop.schedule(() -> watch(loop), STALLED_NANOS, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                watching.set(false); // the event loop is shutting down
            }
        }

        /** Makes sure at least {@code wanted} workers (at most the pool's size) take requests. */
        private void wake(int wanted) {
            int limit = Math.min(wanted, threads);
            for (int awake = runners.get(); awake < limit; awake = runners.get()) {
                if (runners.compareAndSet(awake, awake + 1)) {
                    start();
                }
            }
        }

        /** Wakes one more worker, unless all the pool's threads take requests already. */
        private void wakeOneMore() {
            for (int awake = runners.get(); awake < threads; awake = runners.get()) {
                if (runners.compareAndSet(awake, awake + 1)) {
                    start();
                    return;
                }
            }
        }

        private void start() {
            try {
                executor.execute(runner);
            } catch (RejectedExecutionException e) {
                runners.decrementAndGet();
                refuseWaiting(); // shut down
            }
        }

        /** Answers 503 to every request not taken yet. */
        private void refuseWaiting() {
            Handoff batch;
            while ((batch = pending.poll()) != null) {
                for (int index = batch.next.getAndIncrement(); index < batch.count;
                        index = batch.next.getAndIncrement()) {
                    waiting.decrementAndGet();
                    rejected.increment();
                    unavailable(batch.queued[index].ctx(), "scheduler " + name + " is shut down");
                }
            }
        }

        /** A worker's turn: takes waiting requests one at a time until none is left. */
        private void drain() {
            for (;;) {
                Handoff batch;
                while ((batch = pending.peek()) != null) {
                    int index = batch.next.getAndIncrement();
                    if (index >= batch.count) {
                        pending.remove(batch);
                        continue;
                    }
                    Queued next = batch.queued[index];
                    batch.queued[index] = null;
                    run(next);
                }
                runners.decrementAndGet();
                // a batch added after the queue looked empty, when its submitter still counted this worker, is
                // taken here, unless another worker is awake to take it
                if (pending.isEmpty() || !runners.compareAndSet(0, 1)) {
                    return;
                }
            }
        }

        private void run(Queued next) {
            waiting.decrementAndGet();
            long now = System.nanoTime();
            lastStart.lazySet(now);
            if (now - next.since() > maxQueueNanos) {
                rejected.increment();
                unavailable(next.ctx(), "request waited too long for a worker of scheduler " + name);
            } else {
                next.task().run();
            }
        }

        @Override
        public void shutdown() {
            executor.shutdown();
        }

        @Override
        public SchedulerState state() {
            return new SchedulerState(name, "pool", threads, executor.getActiveCount(),
                    Math.max(0, waiting.get()), queueSize, rejected.sum());
        }

        /** Grows or shrinks the pool; idle threads above the new size end, busy ones when their task is done. */
        @Override
        public synchronized void resize(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("threads of scheduler " + name + " must be >= 1: " + size);
            }
            if (size > executor.getMaximumPoolSize()) {
                executor.setMaximumPoolSize(size);
                executor.setCorePoolSize(size);
            } else {
                executor.setCorePoolSize(size);
                executor.setMaximumPoolSize(size);
            }
            threads = size;
        }
    }

    /** Requests handed to the workers together, taken one at a time by whichever worker comes next. */
    private static final class Handoff {
        private final Queued[] queued;
        private final int count;
        private final AtomicInteger next = new AtomicInteger();

        Handoff(Queued[] queued, int count) {
            this.queued = queued;
            this.count = count;
        }
    }

    private record Queued(DefaultRequestContext ctx, Runnable task, long since) {
    }

    /** Requests of the current read batch of one event loop, not yet handed to the workers. */
    private static final class Batch {
        private Queued[] queued = new Queued[16];
        private int size;

        void add(Queued next) {
            if (size == queued.length) {
                queued = Arrays.copyOf(queued, size << 1);
            }
            queued[size++] = next;
        }

        void flush(Pool pool, EventExecutor loop) {
            Queued[] taken = Arrays.copyOf(queued, size);
            int count = size;
            Arrays.fill(queued, 0, size, null);
            size = 0;
            pool.submit(taken, count, loop);
        }
    }

    /** A virtual thread per request (Java 21+), at most a configured number at once. */
    private static final class Virtual implements RouteScheduler {
        private final ExecutorService executor;
        private final Semaphore permits;
        private final int maxConcurrency;
        private final LongAdder rejected = new LongAdder();

        Virtual(int maxConcurrency) {
            if (Runtime.version().feature() < 21) {
                throw new IllegalStateException("scheduler 'virtual' needs Java 21 or newer; this is Java "
                        + Runtime.version().feature() + ": use 'worker' or run on a newer JDK");
            }
            try {
                Method factory = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
                this.executor = (ExecutorService) factory.invoke(null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create virtual threads: " + e, e);
            }
            this.permits = new Semaphore(maxConcurrency);
            this.maxConcurrency = maxConcurrency;
        }

        @Override
        public SchedulerState state() {
            return new SchedulerState(name(), "virtual", -1, maxConcurrency - permits.availablePermits(),
                    0, maxConcurrency, rejected.sum());
        }

        @Override
        public String name() {
            return Schedulers.VIRTUAL;
        }

        @Override
        public boolean inline() {
            return false;
        }

        @Override
        public void dispatch(DefaultRequestContext ctx, Runnable task) {
            if (!permits.tryAcquire()) {
                rejected.increment();
                unavailable(ctx, "too many requests in flight on scheduler virtual");
                return;
            }
            try {
                executor.execute(() -> {
                    try {
                        task.run();
                    } finally {
                        permits.release();
                    }
                });
            } catch (RejectedExecutionException e) {
                permits.release();
                unavailable(ctx, "scheduler virtual is shut down");
            }
        }

        @Override
        public void shutdown() {
            executor.shutdown();
        }
    }

    /** The application's executor; a rejection answers 503. */
    private record Custom(String name, Executor executor) implements RouteScheduler {
        @Override
        public boolean inline() {
            return false;
        }

        @Override
        public void dispatch(DefaultRequestContext ctx, Runnable task) {
            try {
                executor.execute(task);
            } catch (RejectedExecutionException e) {
                unavailable(ctx, "scheduler " + name + " rejected the request");
            }
        }
    }
}
