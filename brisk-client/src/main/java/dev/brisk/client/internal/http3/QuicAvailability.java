package dev.brisk.client.internal.http3;

import io.netty.handler.codec.quic.Quic;

/**
 * Whether this JVM can speak HTTP/3: the optional {@code netty-codec-http3} classes on the class path and Netty's
 * native QUIC library loadable for this OS and architecture ({@link Quic#isAvailable()}). Checked once. Not API.
 */
public final class QuicAvailability {

    private static final String REASON = findReason();

    private QuicAvailability() {
    }

    /** Why HTTP/3 cannot be used here, or null when it can. */
    public static String unavailableReason() {
        return REASON;
    }

    /** Whether HTTP/3 can be used here. */
    public static boolean isAvailable() {
        return REASON == null;
    }

    /** Throws {@link IllegalStateException} naming the cause when HTTP/3 cannot be used here. */
    public static void ensureAvailable() {
        if (REASON != null) {
            throw new IllegalStateException("HTTP/3 is not available: " + REASON);
        }
    }

    private static String findReason() {
        ClassLoader loader = QuicAvailability.class.getClassLoader();
        try {
            Class.forName("io.netty.handler.codec.quic.Quic", false, loader);
            Class.forName("io.netty.handler.codec.http3.Http3", false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "io.netty:netty-codec-http3 and io.netty:netty-codec-native-quic (with the classifier of this "
                    + "platform) are not on the class path (" + e + ")";
        }
        return Native.reason();
    }

    /** Touches the QUIC classes only once they are known to be present. */
    private static final class Native {
        static String reason() {
            try {
                if (Quic.isAvailable()) {
                    return null;
                }
                return "Netty's native QUIC library cannot be loaded on " + System.getProperty("os.name") + "/"
                        + System.getProperty("os.arch") + " (add io.netty:netty-codec-native-quic with this "
                        + "platform's classifier): " + Quic.unavailabilityCause();
            } catch (LinkageError e) {
                return "Netty's native QUIC library cannot be loaded: " + e;
            }
        }
    }
}
