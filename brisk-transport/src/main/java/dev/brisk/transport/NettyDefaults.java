package dev.brisk.transport;

import jdk.jfr.FlightRecorder;

/**
 * Netty settings Brisk changes by default, applied by Brisk's servers and clients before Netty initialises. Each is
 * left alone when the application sets the system property itself.
 *
 * <ul>
 *   <li>{@code io.netty.jfr.enabled=false} unless a flight recording was started with the JVM: Netty's buffer
 *   allocators otherwise register JDK Flight Recorder events on their first allocation, which costs a service about
 *   150-230 ms of CPU and 6-18 MiB before it answers its first request, for events nobody records.</li>
 *   <li>{@code io.netty.leakDetection.level=disabled}: Netty's leak detector (level {@code simple} by default) wraps
 *   every buffer it samples and draws a random number for every buffer allocated; off, a small request costs the
 *   server 2-3 % less CPU (as Vert.x, which turns it off too). It is a diagnostic, not a protection: Brisk's own
 *   tests run it at {@code paranoid}, and an application that wants leaks of its own handlers reported in
 *   production sets {@code -Dio.netty.leakDetection.level=simple}.</li>
 *   <li>{@code io.netty.leakDetection.samplingInterval=1024}: when the leak detector is on at level {@code simple},
 *   it tracks one buffer in 1,024 instead of one in 128. Each tracked buffer costs a stack trace: 0.8-1.1 % of the
 *   CPU of a small request's client and server at 128, about 0.3 % at 1,024, and a leak on a path that runs often is
 *   still reported within seconds. The {@code paranoid} level tracks every buffer whatever the interval.</li>
 * </ul>
 */
public final class NettyDefaults {

    static final String JFR_PROPERTY = "io.netty.jfr.enabled";
    static final String LEAK_LEVEL_PROPERTY = "io.netty.leakDetection.level";
    /** The name Netty read the level from before {@link #LEAK_LEVEL_PROPERTY}; it still honours it. */
    static final String LEGACY_LEAK_LEVEL_PROPERTY = "io.netty.leakDetectionLevel";
    static final String LEAK_SAMPLING_PROPERTY = "io.netty.leakDetection.samplingInterval";
    static final String LEAK_SAMPLING_INTERVAL = "1024";

    private NettyDefaults() {
    }

    /** Applies the defaults that the application has not set; cheap and safe to call more than once. */
    public static void apply() {
        if (System.getProperty(JFR_PROPERTY) == null && !jfrStartedWithJvm()) {
            System.setProperty(JFR_PROPERTY, "false");
        }
        if (System.getProperty(LEAK_LEVEL_PROPERTY) == null && System.getProperty(LEGACY_LEAK_LEVEL_PROPERTY) == null) {
            System.setProperty(LEAK_LEVEL_PROPERTY, "disabled");
        }
        if (System.getProperty(LEAK_SAMPLING_PROPERTY) == null) {
            System.setProperty(LEAK_SAMPLING_PROPERTY, LEAK_SAMPLING_INTERVAL);
        }
    }

    private static boolean jfrStartedWithJvm() {
        try {
            return FlightRecorder.isInitialized();
        } catch (LinkageError noJfrModule) {
            return false;
        }
    }
}
