package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import dev.brisk.rpc.RpcTimeoutException;
import dev.brisk.rpc.TypeNotAllowedException;
import dev.brisk.rpc.observe.RpcOutcome;
import dev.brisk.rpc.observe.ServerCallEnded;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;

import dev.brisk.transport.TraceContext;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One call on the server, from its request frame to its answer: reads the arguments, runs the method (waiting for its
 * future when it is asynchronous), writes the result or the error once, whichever of result, failure and time limit
 * comes first, and then gives its slot back.
 */
final class ServerCall implements Runnable {

    private static final Object[] NO_ARGUMENTS = new Object[0];
    /** What {@link #invoke} returns when the service threw (the failure is answered already). */
    private static final Object FAILED = new Object();
    private static final VarHandle SPAN;

    static {
        try {
            SPAN = MethodHandles.lookup().findVarHandle(ServerCall.class, "span", CallTracing.ServerSpan.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ChannelHandlerContext ctx;
    private final ServerContext context;
    private final MethodInvoker invoker;
    private final int requestId;
    private final boolean oneWay;
    private final Runnable releaseSlot;
    private final Runnable onWritten;
    private final long arrivalNanos;
    private final long callerLeftNanos;
    private final String traceId;
    private final long timeoutMillis;
    private final boolean callersLimit;
    private final AtomicBoolean answered = new AtomicBoolean();
    private ByteBuf frame;
    private ScheduledFuture<?> timer;
    private Thread runner;
    /** When a thread took it up ({@link System#nanoTime()}), 0 before; kept only when the server is observed. */
    private long startedNanos;
    /**
     * Its span when the server traces calls, from when a thread took it up; else null. Whoever ends it takes it
     * ({@link #SPAN}): the thread running the call, or the time limit answering it meanwhile.
     */
    private volatile CallTracing.ServerSpan span;

    /**
     * A call that arrived at {@code arrivalNanos} ({@link System#nanoTime()}) and whose caller waits
     * {@code callerLeftNanos} more from then (0: no deadline).
     */
    ServerCall(ChannelHandlerContext ctx, ServerContext context, MethodInvoker invoker, int requestId, ByteBuf frame,
               boolean oneWay, long arrivalNanos, long callerLeftNanos, String traceId, Runnable releaseSlot,
               Runnable onWritten) {
        this.ctx = ctx;
        this.context = context;
        this.invoker = invoker;
        this.requestId = requestId;
        this.frame = frame;
        this.oneWay = oneWay;
        this.releaseSlot = releaseSlot;
        this.onWritten = onWritten;
        this.arrivalNanos = arrivalNanos;
        this.callerLeftNanos = callerLeftNanos;
        this.traceId = traceId;
        long own = invoker.timeoutMillis() > 0 ? invoker.timeoutMillis() : Long.MAX_VALUE;
        long callers = callerLeftNanos > 0 ? Math.max(1, TimeUnit.NANOSECONDS.toMillis(callerLeftNanos))
                : Long.MAX_VALUE;
        this.callersLimit = callers < own;
        this.timeoutMillis = Math.min(own, callers) == Long.MAX_VALUE ? 0 : Math.min(own, callers);
        if (!oneWay && timeoutMillis > 0) {
            timer = ctx.executor().schedule(this::timedOut, timeoutMillis, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void run() {
        if (context.observer() != null) {
            startedNanos = System.nanoTime();
        }
        if (expired()) {
            return;
        }
        Object[] arguments = arguments();
        if (arguments == null || answered.get()) {
            return;
        }
        Object result = invoke(arguments);
        if (result != FAILED) {
            answer(result);
        }
    }

    /** The call's arguments, read from its frame (released then); null when they could not be (answered so). */
    private Object[] arguments() {
        try {
            return readArguments();
        } catch (TypeNotAllowedException e) {
            answerError(ErrorCode.BAD_REQUEST, TypeNotAllowedException.class.getName(), e.getMessage());
            return null;
        } catch (Throwable t) {
            answerError(ErrorCode.BAD_REQUEST, null, "cannot read the arguments of " + invoker.model() + ": " + t);
            return null;
        } finally {
            frame.release();
            frame = null;
        }
    }

    /**
     * Calls the service on this thread, within the caller's trace and deadline (and its span when traced); returns
     * what it returned, or {@link #FAILED} once a failure was answered.
     */
    private Object invoke(Object[] arguments) {
        synchronized (this) {
            runner = Thread.currentThread();
        }
        TraceContext trace = CallContext.w3c(traceId);
        TraceContext.Scope spanScope = null;
        if (context.tracing() != null) {
            CallTracing.ServerSpan started = startSpan(trace != null);
            trace = started.trace() != null ? started.trace() : trace;
            spanScope = started.makeCurrent();
        }
        CallContext previous = CallContext.enter(trace != null ? trace.traceId() : traceId, callerRemainingMillis());
        TraceContext.Scope traceScope = trace != null ? trace.makeCurrent() : null;
        try {
            return invoker.invoke(arguments);
        } catch (Throwable t) {
            answerFailure(t);
            return FAILED;
        } finally {
            if (traceScope != null) {
                traceScope.close();
            }
            if (spanScope != null) {
                spanScope.close();
            }
            CallContext.restore(previous);
            synchronized (this) {
                runner = null;
                Thread.interrupted();
            }
        }
    }

    /** Answers with what the service returned: now, or when its future completes. */
    private void answer(Object result) {
        if (invoker.model().async()) {
            if (result == null) {
                answerValue(null);
            } else {
                ((CompletionStage<?>) result).whenComplete((value, failure) -> {
                    if (failure != null) {
                        answerFailure(failure);
                    } else {
                        answerValue(value);
                    }
                });
            }
        } else {
            answerValue(result);
        }
    }

    /**
     * Drops the call, unread and unrun, when its time ran out while it waited for a thread: the caller's deadline
     * (counted from its arrival) has passed, or the time limit already answered it. Counts it and answers "timeout"
     * unless that was done.
     */
    private boolean expired() {
        long waited = System.nanoTime() - arrivalNanos;
        boolean late = callerLeftNanos > 0 && waited >= callerLeftNanos;
        if (!late && !answered.get()) {
            return false;
        }
        discard();
        context.expired();
        answerError(ErrorCode.TIMEOUT, null, invoker.model() + " was not run: the caller's deadline passed while"
                + " the call waited " + TimeUnit.NANOSECONDS.toMillis(waited) + " ms for a thread");
        return true;
    }

    /** What the caller still waits, in milliseconds rounded up; 0 for no deadline. */
    private int callerRemainingMillis() {
        if (callerLeftNanos <= 0) {
            return 0;
        }
        long left = callerLeftNanos - (System.nanoTime() - arrivalNanos);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(left + 999_999)));
    }

    private Object[] readArguments() {
        Type[] types = invoker.model().parameterTypes();
        if (types.length == 0) {
            return NO_ARGUMENTS;
        }
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            try {
                arguments[i] = context.serializer().read(frame, types[i]);
            } catch (TypeNotAllowedException e) {
                throw new TypeNotAllowedException(e.typeName(), argument(i) + ": " + e.getMessage());
            }
        }
        return arguments;
    }

    /** {@code argument 0 (message) of EchoService.echo(java.lang.String)}. */
    private String argument(int index) {
        Method method = invoker.model().method();
        Parameter parameter = method.getParameters()[index];
        return "argument " + index + (parameter.isNamePresent() ? " (" + parameter.getName() + ")" : "") + " of "
                + method.getDeclaringClass().getSimpleName() + "." + invoker.model();
    }

    /** Drops a call that will never run (its executor stopped with it queued): releases its frame. */
    void discard() {
        ByteBuf queued = frame;
        if (queued != null) {
            frame = null;
            queued.release();
        }
    }

    /** Refuses the call without running it. */
    void reject(ErrorCode code, String message) {
        frame.release();
        frame = null;
        answerError(code, null, message);
    }

    private void timedOut() {
        if (answered.get()) {
            return;
        }
        answerError(ErrorCode.TIMEOUT, null, invoker.model() + " did not finish within its time limit of "
                + timeoutMillis + " ms" + (callersLimit ? " (the caller's deadline)" : ""));
        synchronized (this) {
            if (runner != null) {
                runner.interrupt();
            }
        }
    }

    private void answerValue(Object value) {
        if (!claim()) {
            return;
        }
        if (oneWay) {
            ended(null, null, null);
            finish();
            return;
        }
        ByteBuf response = Frames.start(ctx.alloc(), Frames.RESPONSE, requestId, 64);
        try {
            int bodyStart = response.writerIndex();
            context.serializer().write(response, value);
            response = Frames.deflateBody(response, bodyStart, context.options().compressionThreshold(), ctx.alloc());
            Frames.finish(response, context.options().maxFrameSize(), "response");
        } catch (FrameTooLargeException e) {
            ended(ErrorCode.FRAME_TOO_LARGE, null, e);
            write(Frames.error(ctx.alloc(), requestId, ErrorCode.FRAME_TOO_LARGE, null, e.getMessage()));
            return;
        } catch (Throwable t) {
            response.release();
            ended(ErrorCode.INTERNAL, null, t);
            write(Frames.error(ctx.alloc(), requestId, ErrorCode.INTERNAL, null, "cannot write the result of "
                    + invoker.model() + ": " + t));
            return;
        }
        ended(null, null, null);
        write(response);
    }

    private void answerFailure(Throwable failure) {
        Throwable cause = unwrap(failure);
        answerError(ErrorCode.APPLICATION, cause.getClass().getName(), cause.getMessage(), cause);
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private void answerError(ErrorCode code, String type, String message) {
        answerError(code, type, message, null);
    }

    private void answerError(ErrorCode code, String type, String message, Throwable failure) {
        if (!claim()) {
            return;
        }
        ended(code, type, failure);
        if (oneWay) {
            finish();
            return;
        }
        write(Frames.error(ctx.alloc(), requestId, code, type, message));
    }

    /**
     * Ends its span and tells the observer, when there are: the call was answered with an error of {@code code} and
     * exception {@code type} ({@code code} null: a result), thrown as {@code failure} when the service threw.
     */
    private void ended(ErrorCode code, String type, Throwable failure) {
        if (context.observed()) {
            report(code, type, failure);
        }
    }

    private void report(ErrorCode code, String type, Throwable failure) {
        if (context.tracing() != null) {
            CallTracing.ServerSpan traced = span;
            if (traced != null) {
                endSpan(traced, code == null ? null : CallOutcomes.errorType(code, type), failure);
            }
        }
        Observers observer = context.observer();
        if (observer != null) {
            long now = System.nanoTime();
            long started = startedNanos;
            observer.serverCallEnded(new ServerCallEnded(invoker.serviceName(), invoker.model().method().getName(),
                    code == null ? RpcOutcome.SUCCESS : CallOutcomes.server(code),
                    code == null ? "" : CallOutcomes.errorType(code, type), now - arrivalNanos,
                    started == 0 ? -1 : started - arrivalNanos));
        }
    }

    /**
     * Starts its span (kept out of {@link #run()}, whose size decides how much of the argument reading the JIT
     * compiles into it); {@code traced}: whether the caller sent a trace context.
     */
    private CallTracing.ServerSpan startSpan(boolean traced) {
        CallTracing.ServerSpan started = context.tracing().server(invoker.serviceName(),
                invoker.model().method().getName(), traced ? traceId : null, arrivalNanos);
        span = started;
        if (answered.get()) {
            // the time limit answered the call before its span was there to end
            endSpan(started, RpcTimeoutException.class.getName(), null);
        }
        return started;
    }

    /** Ends {@code traced} unless another thread took it first. */
    private void endSpan(CallTracing.ServerSpan traced, String errorType, Throwable failure) {
        if (SPAN.compareAndSet(this, traced, null)) {
            try {
                traced.end(errorType, failure);
            } catch (RuntimeException e) {
                // a tracing library's failure is not the call's
            }
        }
    }

    private boolean claim() {
        if (!answered.compareAndSet(false, true)) {
            return false;
        }
        if (timer != null) {
            timer.cancel(false);
        }
        return true;
    }

    /**
     * Frees the connection's slot and reports the call done (a draining server closes only then) once the answer has
     * reached the socket, not when it is queued: a peer that does not read its answers holds at most the connection's
     * limit of them. The slot is free before the peer can have the answer, so it may send the next call at once.
     */
    private void write(ByteBuf answer) {
        if (!ctx.channel().isActive() || ctx.executor().isShuttingDown()) {
            // the connection is gone (or the server stopping without a drain): nobody to answer
            answer.release();
            finish();
            return;
        }
        ctx.writeAndFlush(answer).addListener(written -> finish());
    }

    private void finish() {
        releaseSlot.run();
        onWritten.run();
    }
}
