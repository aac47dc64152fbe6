package dev.brisk.transport;

/**
 * Netty settings Brisk changes by default, applied by Brisk's servers and clients before Netty initialises. Each is
 * left alone when the application sets the system property itself.
 *
 * <ul>
 *   <li>{@code io.netty.jfr.enabled=false} unless a flight recording was started with the JVM: Netty's buffer
 *   allocators otherwise register JDK Flight Recorder events on their first allocation, which costs a service about
 *   150-230 ms of CPU and 6-18 MiB before it answers its first request, for events nobody records.</li>
 * </ul>
 */
public final class NettyDefaults {

    static final String JFR_PROPERTY = "io.netty.jfr.enabled";

    private NettyDefaults() {
    }

    /** Applies the defaults that the application has not set; cheap and safe to call more than once. */
    public static void apply() {
        if (System.getProperty(JFR_PROPERTY) == null && !jfrStartedWithJvm()) {
            System.setProperty(JFR_PROPERTY, "false");
        }
    }

    private static boolean jfrStartedWithJvm() {
        try {
            return jdk.jfr.FlightRecorder.isInitialized();
        } catch (LinkageError noJfrModule) {
            return false;
        }
    }
}
