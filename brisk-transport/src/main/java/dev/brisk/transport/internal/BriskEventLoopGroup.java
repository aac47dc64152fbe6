package dev.brisk.transport.internal;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;

import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * A group of {@link BriskEventLoop}s. Their queued tasks run for at most a millisecond before the loop reads again
 * (Netty's default is a second), so that responses written from other threads in a burst do not keep new requests
 * unread; Netty's {@value #QUANTUM_PROPERTY} system property, when set, decides instead.
 */
public final class BriskEventLoopGroup extends MultiThreadIoEventLoopGroup {

    static final String QUANTUM_PROPERTY = "io.netty.eventLoop.maxTaskProcessingQuantumMs";
    /** Milliseconds of tasks between two I/O passes; 0 leaves it to Netty (its property, or its default). */
    private static final long TASK_QUANTUM_MS = System.getProperty(QUANTUM_PROPERTY) != null ? 0 : 1;

    public BriskEventLoopGroup(int threads, ThreadFactory threadFactory, IoHandlerFactory handlerFactory) {
        super(threads, threadFactory, handlerFactory);
    }

    @Override
    protected IoEventLoop newChild(Executor executor, IoHandlerFactory handlerFactory, Object... args) {
        return new BriskEventLoop(this, executor, handlerFactory, TASK_QUANTUM_MS);
    }
}
