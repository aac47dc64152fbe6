package dev.brisk.benchmarks.serve;

import dev.brisk.http.CompressionOptions;
import dev.brisk.micrometer.BriskMetrics;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.web.CorsConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * {@code serve brisk-rest-full}: the standard endpoints of {@code brisk-rest-raw} with the production features on —
 * access log, Micrometer meters with a Prometheus scrape route at {@code /metrics}, W3C tracing, CORS for any origin
 * and response compression — plus {@code GET /slow}, 200 ms on the worker pool behind a per-route concurrency limit of 4.
 * {@code brisk-rest-full-none} is the same server with every feature off, and {@code brisk-rest-full-<feature>} has
 * only that one on, to price each feature alone ({@code brisk-rest-full-access-log-file}: the access log in a file of
 * its own instead of Logback's).
 */
final class BriskRestFullServer implements ServerImpl {

    /** The features that can be switched on one by one. */
    enum Feature {
        ACCESS_LOG, METRICS, TRACING, CORS, COMPRESSION,
        /** The access log written to its own file instead of Logback's (not part of the full profile). */
        ACCESS_LOG_FILE;

        /** The launcher's name of the feature, e.g. {@code access-log}. */
        String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final Set<Feature> features;

    private BriskRestFullServer(Set<Feature> features) {
        this.features = features;
    }

    static BriskRestFullServer all() {
        return new BriskRestFullServer(EnumSet.complementOf(EnumSet.of(Feature.ACCESS_LOG_FILE)));
    }

    static BriskRestFullServer none() {
        return new BriskRestFullServer(EnumSet.noneOf(Feature.class));
    }

    static BriskRestFullServer only(Feature feature) {
        return new BriskRestFullServer(EnumSet.of(feature));
    }

    @Override
    public int start(ServeOptions options) {
        BriskServer.Builder builder = Brisk.server()
                .port(options.port())
                .options(o -> o.defaultScheduler(Schedulers.IO))
                .http(options::applyTo);
        BriskRestRawServer.standardEndpoints(builder);
        builder.route(Route.get("/slow").scheduler(Schedulers.WORKER).concurrencyLimit(ConcurrencyLimit.fixed(4))
                .handler(ctx -> {
                    Thread.sleep(200);
                    ctx.response().header("content-type", Endpoints.TEXT_PLAIN).send("slow");
                }));
        if (features.contains(Feature.ACCESS_LOG)) {
            AccessLogFile.configure();
            builder.observability(o -> o.accessLog(AccessLogOptions.DEFAULT));
        }
        if (features.contains(Feature.ACCESS_LOG_FILE)) {
            Path file = Path.of(System.getProperty("java.io.tmpdir"), "brisk-access-file.log");
            try {
                Files.deleteIfExists(file); // each run starts a new file, as the Logback one does
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            builder.observability(o -> o.accessLog(AccessLogOptions.builder().file(file).build()));
        }
        if (features.contains(Feature.METRICS)) {
            BriskMetrics metrics = BriskMetrics.prometheus();
            builder.feature(metrics).route(metrics.scrapeRoute());
        }
        if (features.contains(Feature.TRACING)) {
            builder.observability(o -> o.tracing(TracingOptions.DEFAULT));
        }
        if (features.contains(Feature.CORS)) {
            builder.web(w -> w.cors(CorsConfig.builder().allowedOrigins(CorsConfig.ALL).build()));
        }
        if (features.contains(Feature.COMPRESSION)) {
            builder.web(w -> w.compression(CompressionOptions.DEFAULT));
        }
        BriskServer server = builder.start();
        if (features.contains(Feature.ACCESS_LOG) || features.contains(Feature.ACCESS_LOG_FILE)) {
            // a full queue drops lines rather than stall the event loop: say how many, so a run can be judged
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println(
                    "access log lines dropped: " + server.accessLogDropped())));
        }
        return server.port();
    }
}
