package dev.brisk.transport.internal;

import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.RejectedExecutionHandlers;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Netty's I/O event loop with one addition: work that the reads of an I/O pass produce can run right after that pass
 * ({@link #runAfterIo}, reached through {@code Transports.runAfterIo}), ahead of the tasks other threads queued meanwhile (responses written from worker threads,
 * say). A server hands the requests it read to its workers that way, so a long queue of responses does not hold back
 * the requests that will make the next ones.
 */
public final class BriskEventLoop extends SingleThreadIoEventLoop {

    private final ArrayDeque<Runnable> afterIo = new ArrayDeque<>();
    private boolean inIo;

    BriskEventLoop(IoEventLoopGroup parent, Executor executor, IoHandlerFactory handlerFactory, long taskQuantumMs) {
        super(parent, executor, handlerFactory, DEFAULT_MAX_PENDING_TASKS, RejectedExecutionHandlers.reject(),
                taskQuantumMs);
    }

    /**
     * Runs {@code action} on this loop as soon as its current I/O pass ends, before any queued task; returns false,
     * and does nothing, when called from anywhere but this loop's thread within an I/O pass (from a task, or from
     * another thread): use {@link #execute} then.
     */
    public boolean runAfterIo(Runnable action) {
        if (!inIo || !inEventLoop()) {
            return false;
        }
        afterIo.add(action);
        return true;
    }

    @Override
    protected int runIo() {
        inIo = true;
        try {
            return super.runIo();
        } finally {
            inIo = false;
            Runnable action;
            while ((action = afterIo.poll()) != null) {
                safeExecute(action);
            }
        }
    }
}
