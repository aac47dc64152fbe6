package dev.brisk.rpc.internal;

import io.netty.util.concurrent.DefaultThreadFactory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The executors a server runs service methods on. */
public final class WorkerPools {

    private WorkerPools() {
    }

    /** A fixed pool of {@code threads} with a queue of {@code queueSize}; a full queue rejects. */
    public static ExecutorService bounded(int threads, int queueSize, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queueSize), new DefaultThreadFactory(name, false),
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** A virtual thread per task (Java 21+), found at run time since the code targets Java 17. */
    public static ExecutorService virtual() {
        try {
            return (ExecutorService) MethodHandles.publicLookup()
                    .findStatic(Executors.class, "newVirtualThreadPerTaskExecutor",
                            MethodType.methodType(ExecutorService.class))
                    .invoke();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("Dispatch.VIRTUAL needs Java 21 or later; this is Java "
                    + Runtime.version().feature());
        } catch (Throwable t) {
            throw new IllegalStateException("cannot create virtual threads: " + t, t);
        }
    }
}
