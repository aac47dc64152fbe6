package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.micrometer.BriskMetrics;
import dev.brisk.rest.BriskServer;
import org.springframework.beans.factory.BeanFactory;

/**
 * Times the management server's requests in the application's meter registry, as the application server's are
 * ({@code http.server.requests}), without a second set of server gauges. Loaded only when Micrometer and
 * brisk-micrometer are present.
 */
final class ManagementMetrics {

    private ManagementMetrics() {
    }

    static void observe(BriskServer.Builder server, BeanFactory beans) {
        BriskMetrics application = beans.getBeanProvider(BriskMetrics.class).getIfAvailable();
        if (application != null) {
            server.feature(BriskMetrics.of(application.registry(),
                    application.options().toBuilder().serverMeters(false).build()));
        }
    }
}
