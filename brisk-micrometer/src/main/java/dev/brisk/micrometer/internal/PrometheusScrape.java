package dev.brisk.micrometer.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;

/** The scrape route of a Prometheus registry; loaded only when the Prometheus registry is on the class path. */
final class PrometheusScrape {

    static final String TEXT = "text/plain; version=0.0.4; charset=utf-8";
    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private PrometheusScrape() {
    }

    static MeterRegistry newRegistry() {
        return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }

    static boolean isPrometheus(MeterRegistry registry) {
        return registry instanceof PrometheusMeterRegistry;
    }

    static Route route(MeterRegistry registry, String path) {
        PrometheusMeterRegistry prometheus = (PrometheusMeterRegistry) registry;
        return Route.get(path).scheduler(Schedulers.WORKER).handler(ctx -> scrape(prometheus, ctx));
    }

    private static void scrape(PrometheusMeterRegistry registry, RequestContext ctx) throws Exception {
        String accept = ctx.request().headers().get("accept", "");
        String type = accept.contains("application/openmetrics-text") ? OPENMETRICS : TEXT;
        ByteBuf body = ctx.request().allocator().buffer();
        try (ByteBufOutputStream out = new ByteBufOutputStream(body)) {
            registry.scrape(out, type);
        } catch (Throwable t) {
            body.release();
            throw t;
        }
        ctx.header("content-type", type).send(body);
    }
}
