package dev.brisk.spring.boot.internal;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpLimits;
import dev.brisk.http.ServerOptions;
import dev.brisk.rest.BriskOptions;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's {@code brisk.*} properties, bound straight onto the options builders by {@link OptionsBinder}: the HTTP
 * server's {@link ServerOptions} ({@code brisk.limits.*} onto {@link HttpLimits}, {@code brisk.http2.*} onto
 * {@link Http2Options}) and the framework's {@link BriskOptions}, all under {@code brisk}. Options that Boot's own
 * properties set ({@code server.port}, {@code server.ssl.*}...) are left out; the worker pool's and the virtual
 * threads' options keep their grouped names ({@code brisk.worker.threads}, {@code brisk.virtual.max-concurrency}).
 */
public final class ServerSettings {

    /** Where the server's properties live. */
    public static final String PREFIX = "brisk";

    private static final OptionsBinder HTTP = OptionsBinder.of(ServerOptions.Builder.class)
            .setElsewhere("host", "server.address")
            .setElsewhere("port", "server.port")
            .setElsewhere("tls", "server.ssl.*")
            .setElsewhere("serverHeader", "server.server-header")
            .setElsewhere("shutdownTimeout", "spring.lifecycle.timeout-per-shutdown-phase")
            .setElsewhere("shutdownHook", "spring.main.register-shutdown-hook")
            .setElsewhere("maxConnectionRate", "brisk.protection.max-connection-rate")
            .group("limits", OptionsBinder.of(HttpLimits.Builder.class)
                    .setElsewhere("maxHeaderSize", "server.max-http-request-header-size"))
            .group("http2", OptionsBinder.of(Http2Options.Builder.class)
                    .setElsewhere("enabled", "server.http2.enabled"));

    private static final OptionsBinder FRAMEWORK = OptionsBinder.of(BriskOptions.Builder.class)
            .setElsewhere("contextPath", "brisk.context-path or server.servlet.context-path, through the factory")
            .rename("workerThreads", "worker.threads")
            .rename("workerQueueSize", "worker.queue-size")
            .rename("maxQueueTime", "worker.max-queue-time")
            .rename("virtualMaxConcurrency", "virtual.max-concurrency");

    private ServerSettings() {
    }

    /** Sets the HTTP server's options from {@code brisk.*}; a value Boot cannot convert fails naming its property. */
    public static void bindHttp(Binder binder, ServerOptions.Builder options) {
        HTTP.bind(binder, PREFIX, options);
    }

    /**
     * Fails naming the property when a {@code brisk.*} value makes {@code options} invalid; other failures (of
     * options set elsewhere) are left to the server's start.
     */
    public static void checkHttp(ServerOptions.Builder options) {
        try {
            options.build();
        } catch (IllegalArgumentException e) {
            RuntimeException named = HTTP.invalid(PREFIX, e);
            if (named != e) {
                throw named;
            }
        }
    }

    /** The framework options: {@code options} with {@code brisk.*} set on it, built. */
    public static BriskOptions framework(Binder binder, BriskOptions.Builder options) {
        return FRAMEWORK.build(binder, PREFIX, options, BriskOptions.Builder::build);
    }

    /** Every property bound onto a builder, with the type its metadata gives. */
    public static Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>(HTTP.properties(PREFIX));
        properties.putAll(FRAMEWORK.properties(PREFIX));
        return properties;
    }

    /** The properties an option would have if it were not set by another property, with that property. */
    public static Map<String, String> setElsewhere() {
        Map<String, String> properties = new LinkedHashMap<>(HTTP.elsewhere(PREFIX));
        properties.putAll(FRAMEWORK.elsewhere(PREFIX));
        return properties;
    }

    /** The groups whose every property is an option: {@code brisk.limits}, {@code brisk.worker}... */
    public static List<String> groups() {
        List<String> groups = new ArrayList<>(HTTP.groups(PREFIX));
        groups.addAll(FRAMEWORK.groups(PREFIX));
        return groups;
    }
}
