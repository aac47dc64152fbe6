package dev.brisk.http.testing;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Makes Netty's leak detector record every leak it reports, so that {@link LeakCheck} can fail the test class that
 * leaked. Installed when the test launcher starts, before any buffer class is loaded.
 */
public final class LeakDetection implements LauncherSessionListener {

    private static final Queue<String> LEAKS = new ConcurrentLinkedQueue<>();
    /** True while a test leaks on purpose: its leaks are recorded, not logged as errors. */
    private static volatile boolean quiet;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        install();
    }

    static void install() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            @SuppressWarnings("deprecation")
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                                                                       long maxActive) {
                return new RecordingDetector<>(resource, samplingInterval);
            }
        });
    }

    /** Runs the garbage collector and allocates, so leaked buffers that became garbage are reported now. */
    public static void collect() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(50);
            for (int i = 0; i < 64; i++) {
                ByteBufAllocator.DEFAULT.directBuffer(8).release();
                ByteBufAllocator.DEFAULT.heapBuffer(8).release();
                Unpooled.directBuffer(8).release();
            }
        }
    }

    /** Runs {@code leaking}, which leaks on purpose, recording its leaks without Netty's error log. */
    static void quietly(Leaking leaking) throws Exception {
        quiet = true;
        try {
            leaking.run();
        } finally {
            quiet = false;
        }
    }

    /** Code that leaks on purpose. */
    interface Leaking {
        void run() throws Exception;
    }

    /** The leaks reported since the last call, removed from the record. */
    public static List<String> drain() {
        List<String> leaks = new ArrayList<>();
        String leak;
        while ((leak = LEAKS.poll()) != null) {
            leaks.add(leak);
        }
        return leaks;
    }

    private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {

        @SuppressWarnings("deprecation")
        RecordingDetector(Class<?> resourceType, int samplingInterval) {
            super(resourceType, samplingInterval);
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            LEAKS.add(resourceType + " leaked:" + records);
            if (!quiet) {
                super.reportTracedLeak(resourceType, records);
            }
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            LEAKS.add(resourceType + " leaked (no records)");
            if (!quiet) {
                super.reportUntracedLeak(resourceType);
            }
        }
    }
}
