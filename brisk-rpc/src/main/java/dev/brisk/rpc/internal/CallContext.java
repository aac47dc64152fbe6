package dev.brisk.rpc.internal;

import dev.brisk.transport.TraceContext;
import java.util.concurrent.TimeUnit;

/**
 * The trace id and deadline of the call a thread is serving or making; what {@link dev.brisk.rpc.RpcContext} shows.
 * Absent (null) for a thread that has neither.
 */
public final class CallContext {

    private static final ThreadLocal<CallContext> CURRENT = new ThreadLocal<>();

    private final String traceId;
    private final long deadlineNanos;
    private final boolean hasDeadline;

    private CallContext(String traceId, long deadlineNanos, boolean hasDeadline) {
        this.traceId = traceId;
        this.deadlineNanos = deadlineNanos;
        this.hasDeadline = hasDeadline;
    }

    /** This thread's context, {@code null} when it has none. */
    public static CallContext current() {
        return CURRENT.get();
    }

    /** Makes a context with {@code traceId} (and the current deadline) current; returns the previous one. */
    public static CallContext enterTraceId(String traceId) {
        CallContext previous = CURRENT.get();
        CURRENT.set(new CallContext(traceId, previous == null ? 0 : previous.deadlineNanos,
                previous != null && previous.hasDeadline));
        return previous;
    }

    /** Makes the context of an incoming call current ({@code remainingMillis} 0 for none); returns the previous one. */
    public static CallContext enter(String traceId, int remainingMillis) {
        CallContext previous = CURRENT.get();
        if (traceId == null && remainingMillis <= 0) {
            CURRENT.remove();
        } else {
            boolean deadline = remainingMillis > 0;
            CURRENT.set(new CallContext(traceId,
                    deadline ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(remainingMillis) : 0, deadline));
        }
        return previous;
    }

    /** Puts back what {@link #enter} or {@link #enterTraceId} replaced. */
    public static void restore(CallContext previous) {
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    /**
     * The W3C trace context a call's trace id field carries when its caller had one (a {@code traceparent} value), as
     * the context of the serving span (same trace, new span id); {@code null} for a plain trace id or none.
     */
    static TraceContext w3c(String traceId) {
        if (traceId == null || traceId.length() < 55 || traceId.charAt(2) != '-') {
            return null;
        }
        return TraceContext.parse(traceId).map(TraceContext::newChild)
                .orElse(null);
    }

    /** The trace id, {@code null} when none. */
    public String traceId() {
        return traceId;
    }

    public boolean hasDeadline() {
        return hasDeadline;
    }

    /** The deadline on {@link System#nanoTime()}'s scale; meaningful only when {@link #hasDeadline()}. */
    public long deadlineNanos() {
        return deadlineNanos;
    }
}
