package dev.brisk.client.internal.http3;

import java.util.concurrent.TimeUnit;

/**
 * What the client knows of one origin's HTTP/3 alternative: the UDP port its responses advertised in {@code Alt-Svc},
 * until when that holds, and until when it is considered broken (a QUIC handshake that did not complete within the
 * fallback delay of {@link dev.brisk.client.ClientOptions#http3FallbackDelay()}). Shared by the connectors of every event loop and written from the connections that read the
 * responses, hence volatile fields; a moment's race costs one connection of the other kind at most. Not API.
 */
public final class AlternativeService {

    /** How long an alternative that failed is left alone. */
    public static final long BROKEN_NANOS = TimeUnit.MINUTES.toNanos(5);

    private final String host;
    private volatile int port;
    private volatile long expiresAtNanos;
    private volatile long brokenUntilNanos;
    private volatile boolean broken;

    AlternativeService(String host) {
        this.host = host;
    }

    /** Records the {@code Alt-Svc} field {@code value} of a response from the origin. */
    public void advertised(String value) {
        AltSvc alternative = AltSvc.parse(value, host);
        if (alternative == null) {
            return;
        }
        if (alternative.clear()) {
            port = 0;
            return;
        }
        long maxAgeNanos = TimeUnit.SECONDS.toNanos(Math.min(alternative.maxAgeSeconds(), 365L * 86_400));
        expiresAtNanos = System.nanoTime() + maxAgeNanos;
        port = alternative.port();
    }

    /** The advertised UDP port if the alternative is fresh and not broken at {@code nowNanos}, else 0. */
    public int usablePort(long nowNanos) {
        int p = port;
        if (p == 0 || nowNanos - expiresAtNanos >= 0) {
            return 0;
        }
        if (broken) {
            if (nowNanos - brokenUntilNanos < 0) {
                return 0;
            }
            broken = false;
        }
        return p;
    }

    /** The alternative failed: TCP for {@link #BROKEN_NANOS}. */
    public void markBroken() {
        brokenUntilNanos = System.nanoTime() + BROKEN_NANOS;
        broken = true;
    }

    /** Whether the alternative is marked broken now; for tests and messages. */
    public boolean isBroken() {
        return broken && System.nanoTime() - brokenUntilNanos < 0;
    }
}
