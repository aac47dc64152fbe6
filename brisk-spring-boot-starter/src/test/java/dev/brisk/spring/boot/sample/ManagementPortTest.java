package dev.brisk.spring.boot.sample;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;

/** Actuator on its own port: a second Brisk server that serves the endpoints and nothing else. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "management.server.port=0",
        "management.server.base-path=/manage",
        "management.endpoints.web.exposure.include=health,brisk,metrics",
        "spring.lifecycle.timeout-per-shutdown-phase=20s"})
class ManagementPortTest {

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Test
    void endpointsAreOnTheManagementPortOnly() {
        assertThat(managementPort).isPositive().isNotEqualTo(port);
        Http management = new Http(managementPort);
        Http application = new Http(port);
        assertThat(management.get("/manage/actuator/health").getStatusCode().value()).isEqualTo(200);
        assertThat(management.get("/manage/actuator/health").getBody()).contains("\"status\":\"UP\"");
        assertThat(management.get("/manage/actuator").getBody()).contains("/manage/actuator/brisk");
        assertThat(application.get("/actuator/health").getStatusCode().value()).isEqualTo(404);
        assertThat(application.get("/manage/actuator/health").getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void managementServerIsIsolatedFromTheApplicationsRoutes() {
        assertThat(new Http(port).get("/hello").getBody()).isEqualTo("Hello, World!");
        assertThat(new Http(managementPort).get("/manage/hello").getStatusCode().value()).isEqualTo(404);
        assertThat(new Http(managementPort).get("/hello").getStatusCode().value()).isEqualTo(404);
    }

    @org.springframework.beans.factory.annotation.Autowired
    MeterRegistry registry;

    @Test
    void theManagementServersRequestsAreTimedLikeTheApplications() throws InterruptedException {
        Http management = new Http(managementPort);
        for (int i = 0; i < 3; i++) {
            assertThat(management.get("/manage/actuator/health").getStatusCode().value()).isEqualTo(200);
        }
        assertThat(new Http(port).get("/hello").getStatusCode().value()).isEqualTo(200);
        // a request is timed once its response has been written, which may be a moment after the client read it
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Timer health = null;
        Timer hello = null;
        while (System.nanoTime() < deadline) {
            health = registry.find("http.server.requests").tag("uri", "/actuator/health").timer();
            hello = registry.find("http.server.requests").tag("uri", "/hello").timer();
            if (health != null && health.count() >= 3 && hello != null) {
                break;
            }
            Thread.sleep(10);
        }
        assertThat(health).as("the management server's requests are timed").isNotNull();
        assertThat(health.count()).isGreaterThanOrEqualTo(3);
        assertThat(hello).as("the application server's requests are timed").isNotNull();
    }

    @Test
    void briskEndpointDescribesTheApplicationsServer() {
        assertThat(new Http(managementPort).get("/manage/actuator/brisk").getBody())
                .contains("\"port\":" + port);
    }
}
