package dev.brisk.collapse.internal;

import dev.brisk.collapse.CollapseException;
import dev.brisk.collapse.MissingResultException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One call of the batch function: its distinct keys, the callers of each, and the hand-over of the outcome. Knows
 * whether its stage completed while the function was being called (then the dispatching thread keeps its slot).
 */
final class Batch<K, V> {

    private static final int CALLING = 0;
    private static final int COMPLETED_INLINE = 1;
    private static final int ASYNC = 2;

    /** Key to its caller, or to a list of its callers when there are several. */
    private final Map<K, Object> callers = new LinkedHashMap<>();
    private final AtomicInteger live = new AtomicInteger();
    private final AtomicInteger phase = new AtomicInteger(CALLING);
    private volatile CompletionStage<?> stage;
    private int entries;

    int keyCount() {
        return callers.size();
    }

    int callerCount() {
        return entries;
    }

    boolean isEmpty() {
        return entries == 0;
    }

    boolean contains(K key) {
        return callers.containsKey(key);
    }

    /** Adds a caller (before the batch is called); false when it had already left. */
    @SuppressWarnings("unchecked")
    boolean add(BatchEntry<K, V> entry) {
        live.incrementAndGet(); // before the entry can leave this batch, so that its leaving is counted
        if (!entry.assign(this)) {
            live.decrementAndGet();
            return false;
        }
        entries++;
        Object present = callers.putIfAbsent(entry.key, entry);
        if (present instanceof BatchEntry<?, ?> single) {
            List<BatchEntry<K, V>> several = new ArrayList<>(2);
            several.add((BatchEntry<K, V>) single);
            several.add(entry);
            callers.put(entry.key, several);
        } else if (present != null) {
            ((List<BatchEntry<K, V>>) present).add(entry);
        }
        return true;
    }

    /** The keys, read-only, in the order they were first submitted. */
    List<K> keys() {
        return Collections.unmodifiableList(new ArrayList<>(callers.keySet()));
    }

    /** Remembers the running stage; cancels it when every caller has left meanwhile. */
    void started(CompletionStage<?> running) {
        stage = running;
        if (live.get() == 0) {
            Failures.cancel(running);
        }
    }

    /**
     * One caller left. When the last one cancelled ({@code gaveUp}), the call is cancelled; when it timed out, the
     * call goes on and keeps its slot until its stage completes, so that a slow backend never has more than
     * {@code maxConcurrentBatches} calls at once.
     */
    void left(boolean gaveUp) {
        if (live.decrementAndGet() == 0 && gaveUp) {
            CompletionStage<?> running = stage;
            if (running != null) {
                Failures.cancel(running);
            }
        }
    }

    /** Called by the stage's completion: true when the function had not returned yet (completion inline). */
    boolean completedInline() {
        return phase.compareAndSet(CALLING, COMPLETED_INLINE);
    }

    /** Called once the function returned: true when the stage is still running (completion comes later). */
    boolean goesAsync() {
        return phase.compareAndSet(CALLING, ASYNC);
    }

    /** Hands a map result to the callers: each key's value, or {@link MissingResultException}. */
    void completeWithMap(Map<? extends K, ? extends V> result) {
        if (result == null) {
            fail(new CollapseException("the batch function completed with null instead of a map"));
            return;
        }
        for (Map.Entry<K, Object> group : callers.entrySet()) {
            K key = group.getKey();
            V value = result.get(key);
            if (value == null && !result.containsKey(key)) {
                deliverFailure(group.getValue(), new MissingResultException(key));
            } else {
                deliver(group.getValue(), value);
            }
        }
    }

    /** Hands a list result aligned with {@link #keys()} to the callers. */
    void completeWithList(List<? extends V> result) {
        if (result == null || result.size() != callers.size()) {
            fail(new CollapseException("the batch function answered "
                    + (result == null ? "null" : result.size() + " values") + " for " + callers.size() + " keys"));
            return;
        }
        int index = 0;
        for (Object group : callers.values()) {
            deliver(group, result.get(index++));
        }
    }

    /** Hands {@code failure} to every caller. */
    void fail(Throwable failure) {
        Throwable cause = Failures.unwrap(failure);
        for (Object group : callers.values()) {
            deliverFailure(group, cause);
        }
    }

    @SuppressWarnings("unchecked")
    private void deliver(Object group, V value) {
        if (group instanceof BatchEntry<?, ?> single) {
            safely(() -> ((BatchEntry<K, V>) single).deliver(value));
        } else {
            for (BatchEntry<K, V> entry : (List<BatchEntry<K, V>>) group) {
                safely(() -> entry.deliver(value));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void deliverFailure(Object group, Throwable failure) {
        if (group instanceof BatchEntry<?, ?> single) {
            safely(() -> single.deliverFailure(failure));
        } else {
            for (BatchEntry<K, V> entry : (List<BatchEntry<K, V>>) group) {
                safely(() -> entry.deliverFailure(failure));
            }
        }
    }

    private static void safely(Runnable delivery) {
        try {
            delivery.run();
        } catch (Throwable ignored) {
            // a caller's own continuation failing must not keep the others from their outcome
        }
    }
}
