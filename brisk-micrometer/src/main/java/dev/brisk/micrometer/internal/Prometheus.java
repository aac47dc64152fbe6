package dev.brisk.micrometer.internal;

import dev.brisk.rest.Route;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

/** The Prometheus registry, when on the class path; its classes are loaded only then. */
public final class Prometheus {

    private static final String REGISTRY = "io.micrometer.prometheusmetrics.PrometheusMeterRegistry";
    private static final boolean PRESENT = present();

    private Prometheus() {
    }

    /** A new Prometheus registry with the default configuration. */
    public static MeterRegistry newRegistry() {
        requirePresent();
        return PrometheusScrape.newRegistry();
    }

    /** The scrape route of the Prometheus registry that is, or is inside, {@code registry}. */
    public static Route scrapeRoute(MeterRegistry registry, String path) {
        requirePresent();
        MeterRegistry prometheus = find(registry);
        if (prometheus == null) {
            throw new IllegalStateException("no Prometheus registry to scrape: " + registry.getClass().getName()
                    + " is none and holds none; create BriskMetrics with a PrometheusMeterRegistry");
        }
        return PrometheusScrape.route(prometheus, path);
    }

    private static MeterRegistry find(MeterRegistry registry) {
        if (PrometheusScrape.isPrometheus(registry)) {
            return registry;
        }
        if (registry instanceof CompositeMeterRegistry composite) {
            for (MeterRegistry inner : composite.getRegistries()) {
                MeterRegistry found = find(inner);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void requirePresent() {
        if (!PRESENT) {
            throw new IllegalStateException("the Prometheus registry is not on the class path: add "
                    + "io.micrometer:micrometer-registry-prometheus");
        }
    }

    private static boolean present() {
        try {
            Class.forName(REGISTRY, false, Prometheus.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
