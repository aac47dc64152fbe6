package dev.brisk.collapse.internal;

import dev.brisk.collapse.BatchCollapser;
import dev.brisk.collapse.BatchFunction;
import dev.brisk.collapse.BatchOptions;
import dev.brisk.collapse.CollapseRejectedException;
import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.ListBatchFunction;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link BatchCollapser} with a lock-free queue and dispatch slots. Submitting offers the caller to the queue and,
 * when a slot is free, takes it and hands a drain to the executor; the drain runs later and takes everything queued by
 * then (the time between the two is the batching window, zero when the executor is idle). A slot is given back when
 * its batch completes, and the queue is looked at again then, so nothing queued is ever left behind.
 */
public final class DefaultBatchCollapser<K, V> implements BatchCollapser<K, V> {

    /** How a function is called and how its result reaches the callers. */
    private interface Loader<K, V> {
        CompletionStage<?> load(List<K> keys) throws Exception;

        void complete(Batch<K, V> batch, Object result);
    }

    private static final AtomicInteger POOLS = new AtomicInteger();

    private final BatchOptions options;
    private final Loader<K, V> loader;
    private final Executor executor;
    private final ExecutorService owned;
    private final ConcurrentLinkedQueue<BatchEntry<K, V>> queue = new ConcurrentLinkedQueue<>();
    /** Callers queued and still waiting. */
    private final AtomicInteger queued = new AtomicInteger();
    /** Callers that left while queued and whose entries are still in the queue. */
    private final AtomicInteger departed = new AtomicInteger();
    private final Runnable leftQueue = this::leftQueue;
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicReference<Delay> delay = new AtomicReference<>();
    private final Object takeLock = new Object();
    private final Runnable drain = this::drain;
    private final int maxBatchSize;
    private final int maxConcurrent;
    private final int delayThreshold;
    private final long maxDelayNanos;
    private final Stats stats;
    private volatile boolean closed;

    private DefaultBatchCollapser(Loader<K, V> loader, BatchOptions options, Executor executor) {
        this.options = Objects.requireNonNull(options, "options");
        this.loader = loader;
        this.maxBatchSize = options.maxBatchSize();
        this.maxConcurrent = options.maxConcurrentBatches();
        this.delayThreshold = options.effectiveDelayThreshold();
        this.maxDelayNanos = options.maxDelay().toNanos();
        if (executor == null) {
            this.owned = ownPool(maxConcurrent);
            this.executor = owned;
        } else {
            this.owned = null;
            this.executor = executor;
        }
        this.stats = new Stats(options.metrics(), queued::get, active::get);
    }

    /** A collapser over a function answering maps; {@code executor} null for a pool of its own. */
    @SuppressWarnings("unchecked")
    public static <K, V> DefaultBatchCollapser<K, V> ofMap(BatchFunction<K, V> function, BatchOptions options,
                                                           Executor executor) {
        Objects.requireNonNull(function, "function");
        return new DefaultBatchCollapser<>(new Loader<>() {
            @Override
            public CompletionStage<?> load(List<K> keys) throws Exception {
                return function.load(keys);
            }

            @Override
            public void complete(Batch<K, V> batch, Object result) {
                batch.completeWithMap((Map<? extends K, ? extends V>) result);
            }
        }, options, executor);
    }

    /** A collapser over a function answering lists aligned with the keys. */
    @SuppressWarnings("unchecked")
    public static <K, V> DefaultBatchCollapser<K, V> ofList(ListBatchFunction<K, V> function, BatchOptions options,
                                                            Executor executor) {
        Objects.requireNonNull(function, "function");
        return new DefaultBatchCollapser<>(new Loader<>() {
            @Override
            public CompletionStage<?> load(List<K> keys) throws Exception {
                return function.load(keys);
            }

            @Override
            public void complete(Batch<K, V> batch, Object result) {
                batch.completeWithList((List<? extends V>) result);
            }
        }, options, executor);
    }

    // ---- callers ---------------------------------------------------------------------------------------------

    @Override
    public CompletableFuture<V> submit(K key) {
        Objects.requireNonNull(key, "key");
        BatchEntry<K, V> entry = new BatchEntry<>(key, stats, leftQueue);
        if (closed) {
            refuse(entry, new CollapseRejectedException("the collapser is closed: key " + Failures.describe(key)
                    + " refused"));
            return entry;
        }
        if (queued.incrementAndGet() > options.maxQueueSize()) {
            queued.decrementAndGet();
            refuse(entry, new CollapseRejectedException("the queue is full (maxQueueSize " + options.maxQueueSize()
                    + "): key " + Failures.describe(key) + " refused"));
            return entry;
        }
        stats.accepted();
        queue.offer(entry);
        if (closed) {
            failQueued(); // close() may have emptied the queue before this entry arrived
        }
        signal();
        entry.startTimer(key, options.timeout());
        return entry;
    }

    @Override
    public V submitBlocking(K key) throws Exception {
        CompletableFuture<V> future = submit(key);
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw Failures.rethrow(Failures.unwrap(e));
        } catch (InterruptedException e) {
            future.cancel(false);
            throw e;
        }
    }

    private void refuse(BatchEntry<K, V> entry, CollapseRejectedException reason) {
        stats.rejected();
        entry.deliverFailure(reason);
    }

    /**
     * A queued caller left: it no longer counts against {@code maxQueueSize}. Entries of such callers are passed over
     * by the next drain; when they outnumber the queue's limit (callers that keep giving up while no batch runs), they
     * are purged, so that the queue's memory stays bounded too.
     */
    private void leftQueue() {
        queued.decrementAndGet();
        if (departed.incrementAndGet() > Math.max(64, options.maxQueueSize())) {
            synchronized (takeLock) {
                for (var entries = queue.iterator(); entries.hasNext(); ) {
                    if (entries.next().hasLeft()) {
                        entries.remove();
                        departed.decrementAndGet();
                    }
                }
            }
        }
    }

    /** Something was queued: end a delay that has enough now, or start a batch if a slot is free. */
    private void signal() {
        Delay waiting = delay.get();
        if (waiting != null) {
            if (queued.get() >= delayThreshold) {
                waiting.fire();
            }
            return;
        }
        dispatch();
    }

    // ---- dispatch --------------------------------------------------------------------------------------------

    /** Takes free slots while callers are queued, starting a drain (or a delay) with each. */
    private void dispatch() {
        for (;;) {
            if (queue.isEmpty() || delay.get() != null) {
                return;
            }
            int taken = active.get();
            if (taken >= maxConcurrent) {
                return;
            }
            if (!active.compareAndSet(taken, taken + 1)) {
                continue;
            }
            if (maxDelayNanos > 0 && queued.get() < delayThreshold) {
                waitForMore();
                return;
            }
            if (launch()) {
                return;
            }
        }
    }

    /** With a slot held: waits up to {@code maxDelay} (or until the threshold is reached) before draining. */
    private void waitForMore() {
        Delay waiting = new Delay();
        if (!delay.compareAndSet(null, waiting)) {
            release(); // another dispatch is waiting already and will take these callers
            return;
        }
        waiting.timer = Timer.schedule(waiting::fire, maxDelayNanos);
        if (queued.get() >= delayThreshold || closed) {
            waiting.fire();
        }
    }

    /**
     * With a slot held: hands a drain to the executor. When the executor refuses, the batch that drain would have
     * taken fails with {@link CollapseRejectedException}, the slot is given back and the result is false.
     */
    private boolean launch() {
        try {
            executor.execute(drain);
            return true;
        } catch (Throwable refused) {
            Batch<K, V> batch = take();
            for (int i = 0; i < batch.callerCount(); i++) {
                stats.rejected();
            }
            batch.fail(new CollapseRejectedException("the executor refused a batch of " + batch.keyCount()
                    + " keys: " + refused, refused));
            active.decrementAndGet();
            return false;
        }
    }

    /** Gives a slot back and looks at the queue again. */
    private void release() {
        active.decrementAndGet();
        dispatch();
    }

    /** Runs on the executor with a slot held: calls the function with what is queued, while batches end inline. */
    private void drain() {
        for (;;) {
            Batch<K, V> batch;
            try {
                batch = take();
            } catch (Throwable t) {
                release();
                return;
            }
            if (batch.isEmpty()) {
                release();
                return;
            }
            if (!queue.isEmpty()) {
                dispatch(); // more free slots take what this batch left
            }
            stats.executed(batch.keyCount(), batch.callerCount());
            if (!call(batch)) {
                return; // its completion gives the slot back
            }
            if (maxDelayNanos > 0 || closed) {
                release();
                return;
            }
        }
    }

    /** Calls the function; true when the batch is complete already (the slot is still this thread's). */
    private boolean call(Batch<K, V> batch) {
        CompletionStage<?> stage;
        try {
            stage = loader.load(batch.keys());
            if (stage == null) {
                throw new NullPointerException("the batch function returned no CompletionStage");
            }
        } catch (Throwable t) {
            batch.fail(t);
            return true;
        }
        batch.started(stage);
        stage.whenComplete((result, failure) -> {
            try {
                if (failure != null) {
                    batch.fail(failure);
                } else {
                    loader.complete(batch, result);
                }
            } catch (Throwable t) {
                batch.fail(t);
            } finally {
                if (!batch.completedInline()) {
                    release();
                }
            }
        });
        return !batch.goesAsync();
    }

    /** Takes queued callers, skipping those that left, until {@code maxBatchSize} distinct keys are in. */
    private Batch<K, V> take() {
        Batch<K, V> batch = new Batch<>();
        synchronized (takeLock) {
            long now = System.nanoTime();
            for (;;) {
                BatchEntry<K, V> next = queue.peek();
                if (next == null || batch.keyCount() >= maxBatchSize && !batch.contains(next.key)) {
                    return batch;
                }
                queue.poll();
                if (batch.add(next)) {
                    queued.decrementAndGet();
                    stats.waited(now - next.queuedAt);
                } else {
                    departed.decrementAndGet(); // it left while queued, and was counted out then
                }
            }
        }
    }

    private void failQueued() {
        synchronized (takeLock) {
            BatchEntry<K, V> next;
            while ((next = queue.poll()) != null) {
                if (!next.claim()) {
                    departed.decrementAndGet();
                    continue;
                }
                queued.decrementAndGet();
                if (next.deliverFailure(new CollapseRejectedException("the collapser is closed: key "
                        + Failures.describe(next.key) + " refused"))) {
                    stats.rejected();
                }
            }
        }
    }

    /** A dispatch waiting for more callers; holds a slot until it fires. */
    private final class Delay {
        volatile ScheduledFuture<?> timer;

        void fire() {
            if (!delay.compareAndSet(this, null)) {
                return;
            }
            ScheduledFuture<?> scheduled = timer;
            if (scheduled != null) {
                scheduled.cancel(false);
            }
            if (!launch()) {
                dispatch();
            }
        }
    }

    // ---- the rest --------------------------------------------------------------------------------------------

    @Override
    public CollapseStats stats() {
        return stats.snapshot();
    }

    @Override
    public BatchOptions options() {
        return options;
    }

    @Override
    public void close() {
        closed = true;
        failQueued();
        Delay waiting = delay.get();
        if (waiting != null) {
            waiting.fire(); // drains nothing now, and gives its slot back
        }
        if (owned != null) {
            owned.shutdown();
        }
    }

    @Override
    public String toString() {
        return "BatchCollapser[queued=" + queued.get() + ", running=" + active.get() + ", " + options + "]";
    }

    private static ExecutorService ownPool(int threads) {
        int pool = POOLS.incrementAndGet();
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "brisk-collapse-batch-" + pool + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
