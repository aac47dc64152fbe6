package dev.brisk.micrometer;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.WebApplicationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/** The uri tag of annotated controllers, Spring MVC and JAX-RS in one server, is their method's route template. */
class ControllerMetricsTest {

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** A Spring MVC controller. */
    @RestController
    public static class Orders {
        @GetMapping("/orders/{id}")
        public String order(@PathVariable String id) {
            return "order " + id;
        }

        @GetMapping("/orders/{id}/fail")
        public String fail(@PathVariable String id) {
            throw new IllegalArgumentException("no order " + id);
        }
    }

    /** A JAX-RS resource. */
    @Path("/books")
    public static class Books {
        @GET
        @Path("/{isbn}")
        public String book(@PathParam("isbn") String isbn) {
            return "book " + isbn;
        }

        @GET
        @Path("/{isbn}/gone")
        public String gone(@PathParam("isbn") String isbn) {
            throw new WebApplicationException(410);
        }
    }

    private double count(String... tags) throws InterruptedException {
        for (int i = 0; i < 1000 && registry.find("http.server.requests").tags(tags).timer() == null; i++) {
            Thread.sleep(10);
        }
        return registry.get("http.server.requests").tags(tags).timer().count();
    }

    @Test
    void springAndJaxRsRoutesAreTaggedWithTheirTemplates() throws Exception {
        server = Brisk.server().port(0).host("127.0.0.1").feature(BriskMetrics.of(registry))
                .controllers(new Orders(), new Books()).start();

        assertThat(Http.get(server, "/orders/1").body()).isEqualTo("order 1");
        assertThat(Http.get(server, "/books/978-3").body()).isEqualTo("book 978-3");
        assertThat(Http.get(server, "/orders/2/fail").statusCode()).isEqualTo(500);
        assertThat(Http.get(server, "/books/978-3/gone").statusCode()).isEqualTo(410);
        assertThat(Http.get(server, "/neither").statusCode()).isEqualTo(404);

        assertThat(count("uri", "/orders/{id}", "method", "GET", "status", "200", "outcome", "SUCCESS")).isEqualTo(1);
        assertThat(count("uri", "/books/{isbn}", "method", "GET", "status", "200", "outcome", "SUCCESS"))
                .isEqualTo(1);
        assertThat(count("uri", "/orders/{id}/fail", "status", "500", "outcome", "SERVER_ERROR",
                "exception", "IllegalArgumentException")).isEqualTo(1);
        assertThat(count("uri", "/books/{isbn}/gone", "status", "410", "outcome", "CLIENT_ERROR")).isEqualTo(1);
        assertThat(count("uri", "NOT_FOUND", "status", "404")).isEqualTo(1);
        assertThat(registry.find("http.server.requests").tag("uri", "/orders/1").timer()).isNull();
        assertThat(registry.find("http.server.requests").tag("uri", "/books/978-3").timer()).isNull();
    }
}
