package dev.brisk.spring.boot.internal;

import dev.brisk.rest.BriskServer;
import dev.brisk.spring.boot.BriskAccessLogProperties;
import dev.brisk.spring.boot.BriskTracingProperties;

/**
 * The access log ({@code brisk.access-log.*}) and tracing ({@code brisk.tracing.*}) of a Brisk server, as the
 * application's server and the management server both apply them.
 */
public final class ObservabilitySettings {

    private ObservabilitySettings() {
    }

    /** Turns on what the settings enable; a null setting (its bean absent) turns nothing on. */
    public static void apply(BriskServer.Builder server, BriskAccessLogProperties accessLog,
                             BriskTracingProperties tracing) {
        if (accessLog != null && accessLog.isEnabled()) {
            server.observability(o -> o.accessLog(accessLog.toOptions()));
        }
        if (tracing != null && tracing.isEnabled()) {
            server.observability(o -> o.tracing(tracing.toOptions()));
        }
    }
}
