package dev.brisk.rpc;

import dev.brisk.rpc.internal.CallContext;

import dev.brisk.transport.TraceContext;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What travels with a call besides its arguments: a trace id and the caller's deadline. A service method sees the
 * context of the call it serves through {@link #current()}, on the thread that runs it and until it returns; calls it
 * makes through an {@link RpcClient} from that thread carry the same trace id and take at most the time left. A caller
 * starts a trace with {@link #callWithTraceId}, or with a W3C {@link TraceContext} made current,
 * which calls carry as their {@code traceparent} and which the serving thread sees as {@link #trace()}.
 */
public final class RpcContext {

    private static final RpcContext EMPTY = new RpcContext(null);

    private final CallContext context;

    private RpcContext(CallContext context) {
        this.context = context;
    }

    /** The context of this thread: the call being served, or a trace set by {@link #callWithTraceId}; else empty. */
    public static RpcContext current() {
        CallContext context = CallContext.current();
        return context == null ? EMPTY : new RpcContext(context);
    }

    /** Runs {@code action} on this thread with {@code traceId} as the trace id of the calls it makes. */
    public static <T> T callWithTraceId(String traceId, Callable<T> action) throws Exception {
        Objects.requireNonNull(traceId, "traceId must not be null");
        Objects.requireNonNull(action, "action must not be null");
        CallContext previous = CallContext.enterTraceId(traceId);
        try {
            return action.call();
        } finally {
            CallContext.restore(previous);
        }
    }

    /** The trace id, if there is one. */
    public Optional<String> traceId() {
        return context == null ? Optional.empty() : Optional.ofNullable(context.traceId());
    }

    /**
     * The W3C trace context of this thread, if any: a call's carries its caller's trace (calls made from a request
     * served with tracing on, or within {@code TraceContext.makeCurrent()}), with a span id of its own; calls made
     * from this thread send it on. {@link #traceId()} is then its trace id.
     */
    public Optional<TraceContext> trace() {
        return TraceContext.current();
    }

    /** The time left before the caller gives up, if it said; negative once passed. */
    public Optional<Duration> remaining() {
        return context == null || !context.hasDeadline() ? Optional.empty()
                : Optional.of(Duration.ofNanos(context.deadlineNanos() - System.nanoTime()));
    }

    @Override
    public String toString() {
        return "RpcContext[traceId=" + traceId().orElse(null) + ", remaining=" + remaining().orElse(null) + "]";
    }
}
