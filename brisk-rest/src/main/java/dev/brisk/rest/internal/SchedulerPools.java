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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
     * decoded in one event-loop read batch are handed over together, one queue entry per batch and per worker, so
     * that the cost of waking a worker is shared instead of paid per request.
     */
    private static final class Pool implements RouteScheduler {
        private final String name;
        private final ThreadPoolExecutor executor;
        private final long maxQueueNanos;
        private volatile int threads;
        private final int queueSize;
        private final LongAdder rejected = new LongAdder();
        /** Requests handed over and not started yet: the queue bound counts requests, not batches. */
        private final AtomicInteger waiting = new AtomicInteger();
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
                    new ArrayBlockingQueue<>(queueSize), r -> {
                        Thread thread = new Thread(r, "brisk-" + name + "-" + counter.incrementAndGet());
                        thread.setDaemon(true);
                        return thread;
                    }, new ThreadPoolExecutor.AbortPolicy());
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
                submit(new Queued[] {new Queued(ctx, task, System.nanoTime())}, 1);
                return;
            }
            Batch batch = batches.get();
            if (batch.size == 0) {
                Runnable flush = () -> batch.flush(this);
                // handed over right after the read pass that decoded the batch, not behind queued responses
                if (!Transports.runAfterIo(flush)) {
                    loop.execute(flush);
                }
            }
            batch.add(new Queued(ctx, task, System.nanoTime()));
        }

        /** Hands {@code count} queued requests to the workers, split so that every worker can take a share. */
        void submit(Queued[] queued, int count) {
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
            int share = Math.max(1, (accepted + threads - 1) / threads);
            for (int from = 0; from < accepted; from += share) {
                int start = from;
                int end = Math.min(accepted, from + share);
                try {
                    executor.execute(() -> run(queued, start, end));
                } catch (RejectedExecutionException e) {
                    for (int i = start; i < end; i++) {
                        waiting.decrementAndGet();
                        rejected.increment();
                        unavailable(queued[i].ctx(), "the queue of scheduler " + name + " is full");
                    }
                }
            }
        }

        private void run(Queued[] queued, int start, int end) {
            for (int i = start; i < end; i++) {
                Queued next = queued[i];
                waiting.decrementAndGet();
                if (System.nanoTime() - next.since() > maxQueueNanos) {
                    rejected.increment();
                    unavailable(next.ctx(), "request waited too long for a worker of scheduler " + name);
                } else {
                    next.task().run();
                }
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

        void flush(Pool pool) {
            Queued[] taken = Arrays.copyOf(queued, size);
            int count = size;
            Arrays.fill(queued, 0, size, null);
            size = 0;
            pool.submit(taken, count);
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
