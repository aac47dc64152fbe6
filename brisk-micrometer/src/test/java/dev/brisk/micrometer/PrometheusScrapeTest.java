package dev.brisk.micrometer;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Prometheus scrape route, read over a real socket. */
class PrometheusScrapeTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    private static BriskServer.Builder server() {
        return Brisk.server().port(0).host("127.0.0.1");
    }

    /** Scrapes until the line the request after {@code path} left appears (its timer may trail its response). */
    private HttpResponse<String> scrapeShowing(String path, String expected, String... headers) throws Exception {
        HttpResponse<String> scrape = Http.get(server, path, headers);
        for (int i = 0; i < 500 && !scrape.body().contains(expected); i++) {
            Thread.sleep(20);
            scrape = Http.get(server, path, headers);
        }
        return scrape;
    }

    @Test
    void servesTheRegistryInPrometheusTextFormat() throws Exception {
        BriskMetrics metrics = BriskMetrics.prometheus();
        server = server().feature(metrics).route(metrics.scrapeRoute())
                .get("/users/{id}", ctx -> ctx.send("user")).start();
        assertThat(Http.get(server, "/users/7").statusCode()).isEqualTo(200);

        String line = "http_server_requests_seconds_count{exception=\"none\",method=\"GET\",outcome=\"SUCCESS\","
                + "status=\"200\",uri=\"/users/{id}\"} 1";
        HttpResponse<String> scrape = scrapeShowing("/metrics", line);
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.headers().firstValue("content-type")).contains("text/plain; version=0.0.4; charset=utf-8");
        assertThat(scrape.body()).contains(line)
                .contains("# TYPE http_server_requests_seconds summary")
                .contains("# TYPE brisk_requests_active gauge")
                .contains("brisk_connections_active{protocol=\"http1\"} 1")
                .contains("brisk_connections_accepted_total ")
                .contains("brisk_eventloop_pending{loop=\"0\"}")
                .doesNotContain("uri=\"/users/7\"");
        // the scrapes themselves are timed under their route
        assertThat(Http.get(server, "/metrics").body()).contains("uri=\"/metrics\"");
    }

    @Test
    void servesOpenMetricsWhenAskedForAndHistogramBucketsWhenConfigured() throws Exception {
        BriskMetrics metrics = BriskMetrics.prometheus(MetricsOptions.builder().percentileHistogram(true)
                .scrapePath("/internal/prometheus").build());
        server = server().feature(metrics).route(metrics.scrapeRoute()).get("/", ctx -> ctx.send("ok")).start();
        assertThat(Http.get(server, "/").body()).isEqualTo("ok");
        assertThat(Http.get(server, "/metrics").statusCode()).isEqualTo(404);

        String bucket = "http_server_requests_seconds_bucket{exception=\"none\",method=\"GET\",outcome=\"SUCCESS\","
                + "status=\"200\",uri=\"/\",le=\"+Inf\"} 1";
        HttpResponse<String> scrape = scrapeShowing("/internal/prometheus", bucket, "accept",
                "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1");
        assertThat(scrape.headers().firstValue("content-type"))
                .contains("application/openmetrics-text; version=1.0.0; charset=utf-8");
        assertThat(scrape.body()).contains(bucket).contains("# TYPE http_server_requests_seconds histogram")
                .endsWith("# EOF\n");
    }

    @Test
    void findsThePrometheusRegistryInsideAComposite() throws Exception {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CompositeMeterRegistry composite = new CompositeMeterRegistry();
        composite.add(new SimpleMeterRegistry());
        composite.add(prometheus);
        BriskMetrics metrics = BriskMetrics.of(composite);
        server = server().feature(metrics).route(metrics.scrapeRoute()).get("/", ctx -> ctx.send("ok")).start();
        assertThat(Http.get(server, "/").body()).isEqualTo("ok");
        assertThat(scrapeShowing("/metrics", "uri=\"/\"").body()).contains("uri=\"/\"");
    }

    @Test
    void aRegistryWithoutPrometheusHasNoScrapeRoute() {
        BriskMetrics metrics = BriskMetrics.of(new SimpleMeterRegistry());
        assertThatThrownBy(metrics::scrapeRoute).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no Prometheus registry to scrape");
    }
}
