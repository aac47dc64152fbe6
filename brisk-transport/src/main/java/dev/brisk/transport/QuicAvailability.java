package dev.brisk.transport;

import io.netty.handler.codec.quic.Quic;

/**
 * Whether QUIC (the transport of HTTP/3) can be used here: Netty's QUIC classes ({@code netty-codec-classes-quic})
 * and its native library for this platform ({@code netty-codec-native-quic} with the platform's classifier) must both
 * be present. Asking never fails; what is missing is told by {@link #unavailabilityCause()}.
 *
 * <pre>{@code
 * if (!QuicAvailability.isAvailable()) log(QuicAvailability.unavailabilityReason());
 * QuicAvailability.ensureAvailable("HTTP/3");   // fails naming the cause
 * }</pre>
 */
public final class QuicAvailability {

    private static final Throwable CAUSE = probe();

    private QuicAvailability() {
    }

    private static Throwable probe() {
        try {
            Class.forName("io.netty.handler.codec.quic.Quic", false, QuicAvailability.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return new UnsupportedOperationException("Netty's QUIC classes are not on the class path: add "
                    + "io.netty:netty-codec-classes-quic (and io.netty:netty-codec-native-quic for this platform)", e);
        }
        try {
            return NativeQuic.cause();
        } catch (LinkageError e) {
            return e;
        }
    }

    /** Whether QUIC can be used: the classes and the native library for this platform are present. */
    public static boolean isAvailable() {
        return CAUSE == null;
    }

    /** Why QUIC cannot be used (Netty's own cause when its native library did not load), or null when it can. */
    public static Throwable unavailabilityCause() {
        return CAUSE;
    }

    /** A sentence naming why QUIC cannot be used, or null when it can. */
    public static String unavailabilityReason() {
        if (CAUSE == null) {
            return null;
        }
        String reason = CAUSE.getMessage() == null ? CAUSE.toString() : CAUSE.getMessage();
        Throwable inner = CAUSE.getCause();
        if (inner != null && inner.getMessage() != null && !reason.contains(inner.getMessage())) {
            reason += ": " + inner.getMessage();
        }
        return "QUIC is not available on " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                + ": " + reason;
    }

    /**
     * Fails with an {@link IllegalStateException} naming {@code feature} and the cause when QUIC cannot be used, so
     * that the feature is refused at start rather than at its first connection.
     */
    public static void ensureAvailable(String feature) {
        if (CAUSE != null) {
            throw new IllegalStateException(feature + " needs QUIC, which is not available: "
                    + unavailabilityReason(), CAUSE);
        }
    }

    /** Touches Netty's QUIC classes only once they are known to be present. */
    private static final class NativeQuic {
        static Throwable cause() {
            return Quic.isAvailable() ? null : Quic.unavailabilityCause();
        }
    }
}
