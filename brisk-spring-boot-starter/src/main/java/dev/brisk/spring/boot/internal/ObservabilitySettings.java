package dev.brisk.spring.boot.internal;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthOptions;
import dev.brisk.rest.observe.TracingOptions;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The access log ({@code brisk.access-log.*} onto {@link AccessLogOptions.Builder}), tracing ({@code brisk.tracing.*}
 * onto {@link TracingOptions.Builder}) and health routes ({@code brisk.health.*} onto {@link HealthOptions.Builder}) of
 * a Brisk server, each off unless its {@code enabled} property is true; the application's server and the management
 * server both apply the first two.
 */
public final class ObservabilitySettings {

    private static final String ACCESS_LOG = "brisk.access-log";
    private static final String TRACING = "brisk.tracing";
    private static final String HEALTH = "brisk.health";

    private static final OptionsBinder ACCESS_LOG_OPTIONS = OptionsBinder.of(AccessLogOptions.Builder.class);
    private static final OptionsBinder TRACING_OPTIONS = OptionsBinder.of(TracingOptions.Builder.class);
    private static final OptionsBinder HEALTH_OPTIONS = OptionsBinder.of(HealthOptions.Builder.class);

    private ObservabilitySettings() {
    }

    /** Turns on the access log and tracing when their properties enable them. */
    public static void apply(BriskServer.Builder server, Binder binder) {
        if (enabled(binder, ACCESS_LOG)) {
            AccessLogOptions options = ACCESS_LOG_OPTIONS.build(binder, ACCESS_LOG, AccessLogOptions.builder(),
                    AccessLogOptions.Builder::build);
            server.observability(o -> o.accessLog(options));
        }
        if (enabled(binder, TRACING)) {
            TracingOptions options = TRACING_OPTIONS.build(binder, TRACING, TracingOptions.builder(),
                    TracingOptions.Builder::build);
            server.observability(o -> o.tracing(options));
        }
    }

    /** The health routes' options, with {@code readinessChecks} by name, when {@code brisk.health.enabled}. */
    public static Optional<HealthOptions> health(Binder binder, Supplier<Map<String, HealthCheck>> readinessChecks) {
        if (!enabled(binder, HEALTH)) {
            return Optional.empty();
        }
        HealthOptions.Builder builder = HealthOptions.builder();
        readinessChecks.get().forEach(builder::readiness);
        return Optional.of(HEALTH_OPTIONS.build(binder, HEALTH, builder, HealthOptions.Builder::build));
    }

    /** Every property, with the type its metadata gives. */
    public static Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(ACCESS_LOG + ".enabled", Boolean.class.getName());
        properties.putAll(ACCESS_LOG_OPTIONS.properties(ACCESS_LOG));
        properties.put(TRACING + ".enabled", Boolean.class.getName());
        properties.putAll(TRACING_OPTIONS.properties(TRACING));
        properties.put(HEALTH + ".enabled", Boolean.class.getName());
        properties.putAll(HEALTH_OPTIONS.properties(HEALTH));
        return properties;
    }

    private static boolean enabled(Binder binder, String prefix) {
        return binder.bind(prefix + ".enabled", Boolean.class).orElse(Boolean.FALSE);
    }
}
