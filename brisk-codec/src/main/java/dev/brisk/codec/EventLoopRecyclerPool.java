package dev.brisk.codec;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import tools.jackson.core.util.BufferRecycler;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.core.util.RecyclerPool;

/**
 * Where Jackson takes its read and write buffers from: a recycler of its own for each Netty event loop thread, which
 * encodes and decodes one body after another and never blocks, and Jackson's shared concurrent pool for every other
 * thread (workers, virtual threads), where a thread-local recycler would be created per thread and thrown away. The
 * event loop path then costs no compare-and-set on a shared deque.
 */
final class EventLoopRecyclerPool implements RecyclerPool<BufferRecycler> {

    static final EventLoopRecyclerPool INSTANCE = new EventLoopRecyclerPool();

    private static final long serialVersionUID = 1L;

    private static final FastThreadLocal<LoopRecycler> LOCAL = new FastThreadLocal<>() {
        @Override
        protected LoopRecycler initialValue() {
            return new LoopRecycler();
        }
    };

    private final transient RecyclerPool<BufferRecycler> shared = JsonRecyclerPools.sharedConcurrentDequePool();

    private EventLoopRecyclerPool() {
    }

    @Override
    public BufferRecycler acquirePooled() {
        if (Thread.currentThread() instanceof FastThreadLocalThread) {
            return LOCAL.get();
        }
        return shared.acquirePooled();
    }

    @Override
    public void releasePooled(BufferRecycler recycler) {
        if (!(recycler instanceof LoopRecycler)) {
            shared.releasePooled(recycler);
        } // an event loop's own recycler stays with its thread
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The recycler of one event loop thread; never handed to the shared pool. */
    private static final class LoopRecycler extends BufferRecycler {
    }
}
