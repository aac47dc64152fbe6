package dev.brisk.benchmarks.report;

import java.util.Optional;

/**
 * An area of the report: what it compares, the metric its ratios and its chart are judged on (the headline), and a
 * second metric whose ratio the page shows beside it.
 */
enum Area {
    SERVER("server", "HTTP server", Metric.CPU_US, Metric.RPS, false,
            "brisk-http (the HTTP server alone) against raw Netty (`HttpServerCodec` + `HttpObjectAggregator`, as "
                    + "Netty's examples write it), ESA HttpServer and nginx: the server's CPU time per request under "
                    + "wrk, 64 connections, one IO thread."),
    REST("rest", "REST controllers", Metric.CPU_US, Metric.RPS, false,
            "Brisk's Spring-style and JAX-RS controllers against Spring MVC on Tomcat, ESA Restlight and a Vert.x Web "
                    + "router: a path variable and a JSON body, 64 connections."),
    CLIENT("client", "HTTP client", Metric.CPU_US, Metric.RPS, false,
            "brisk-client against OkHttp, Apache HttpClient 5 (async), the Vert.x client and ESA RestClient: the "
                    + "client process's own CPU time per request, 64 requests in flight."),
    ROUTER("router", "Router (JMH)", Metric.NS_OP, Metric.B_OP, true,
            "Looking up a route among the 203 of the GitHub API: Brisk's router against a scan of Spring "
                    + "`PathPattern`s (what Spring MVC does for paths with variables) and a first-match regex scan "
                    + "(Vert.x, Javalin)."),
    COLLAPSE("collapse", "Request collapsing", Metric.RPS, Metric.CPU_US, false,
            "brisk-collapse on a hot key against the same service without collapsing: requests per second."),
    RPC("rpc", "RPC", Metric.CPU_US, Metric.RPS, false,
            "brisk-rpc against gRPC-java and Apache Dubbo 3 (Triple) on the rpc-benchmark's `UserService`: the "
                    + "server's CPU time per call, 32 caller threads."),
    STARTUP("startup", "Start-up", Metric.FIRST_MS, Metric.RSS_MIB, false,
            "From `java` to the first HTTP 200, and the resident memory then: Brisk's services against Netty's hello "
                    + "world and the same Spring Boot controller on Tomcat.");

    private final String id;
    private final String title;
    private final Metric headline;
    private final Metric second;
    private final boolean logScale;
    private final String summary;

    Area(String id, String title, Metric headline, Metric second, boolean logScale, String summary) {
        this.id = id;
        this.title = title;
        this.headline = headline;
        this.second = second;
        this.logScale = logScale;
        this.summary = summary;
    }

    static Optional<Area> of(String id) {
        for (Area area : values()) {
            if (area.id.equals(id)) {
                return Optional.of(area);
            }
        }
        return Optional.empty();
    }

    /** The name {@code bench/report.sh} takes and the result files use. */
    String id() {
        return id;
    }

    String title() {
        return title;
    }

    /** The metric of the bars and of the first ratio. */
    Metric headline() {
        return headline;
    }

    /** The metric of the second ratio. */
    Metric second() {
        return second;
    }

    /** Whether the chart's value axis is logarithmic (values apart by orders of magnitude). */
    boolean logScale() {
        return logScale;
    }

    /**
     * Whether the page compares Brisk's {@code brisk} with {@code peer}: always, except at start-up, where a Spring
     * Boot application is compared only with a Spring Boot application, and a plain service only with a plain one.
     */
    boolean compares(String brisk, String peer) {
        return this != STARTUP || brisk.startsWith("spring") == peer.startsWith("spring");
    }

    /** One sentence: who is compared, on what. */
    String summary() {
        return summary;
    }
}
