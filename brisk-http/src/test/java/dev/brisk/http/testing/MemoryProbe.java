package dev.brisk.http.testing;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetric;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.util.internal.PlatformDependent;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;

/**
 * What the server's memory looks like from inside its JVM: the buffers held by Netty's default allocator (the one
 * every server channel uses; in Netty 4.2 the adaptive allocator, not {@code PooledByteBufAllocator.DEFAULT}), all
 * direct memory, and the Java heap.
 */
public final class MemoryProbe {

    private static final long MIB = 1024 * 1024;

    /**
     * One reading.
     *
     * @param nettyDirect bytes of direct memory held by the default allocator
     * @param nettyHeap   bytes of heap memory held by the default allocator
     * @param direct      direct memory in use: the larger of Netty's count and the JDK's direct buffer pool
     * @param heap        Java heap in use
     */
    public record Snapshot(long nettyDirect, long nettyHeap, long direct, long heap) {

        public long netty() {
            return nettyDirect + nettyHeap;
        }

        /** Readable summary in MiB. */
        @Override
        public String toString() {
            return String.format("netty %.1f MiB (direct %.1f, heap %.1f), direct total %.1f MiB, heap %.1f MiB",
                    mib(netty()), mib(nettyDirect), mib(nettyHeap), mib(direct), mib(heap));
        }
    }

    private MemoryProbe() {
    }

    /** A reading as things are, without collecting garbage first: cheap enough to sample often. */
    public static Snapshot now() {
        ByteBufAllocatorMetric metric = ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric();
        // Netty counts the direct memory it allocates whether or not the JDK's pool sees it (with or without
        // cleaner); the JDK's pool also sees direct buffers allocated elsewhere. The larger is the total.
        long direct = PlatformDependent.usedDirectMemory();
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if ("direct".equals(pool.getName())) {
                direct = Math.max(direct, pool.getMemoryUsed());
            }
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Snapshot(metric.usedDirectMemory(), metric.usedHeapMemory(), direct, heap);
    }

    /** A reading after a full collection, so that the heap figure counts live objects only. */
    public static Snapshot afterGc() throws InterruptedException {
        for (int i = 0; i < 2; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return now();
    }

    /** Bytes as MiB. */
    public static double mib(long bytes) {
        return bytes / (double) MIB;
    }
}
