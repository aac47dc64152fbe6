package dev.brisk.spring.boot.sample;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;

import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;

/** Actuator's standard endpoints and Brisk's own, served by Brisk on the application's port. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "management.endpoints.web.exposure.include=*",
        "management.endpoint.health.show-details=always",
        "management.endpoint.health.probes.enabled=true",
        "management.endpoint.health.group.custom.include=sample",
        "management.endpoint.health.group.custom.show-details=always",
        "management.endpoint.env.show-values=always",
        "management.info.env.enabled=true",
        "info.app.name=sample"})
class ActuatorTest {

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Autowired
    SampleHealth health;

    Http http;

    @BeforeEach
    void client() {
        http = new Http(port);
    }

    @AfterEach
    void healthy() {
        health.up(true);
    }

    @Test
    void managementPortIsTheServerPort() {
        assertThat(managementPort).isEqualTo(port);
    }

    @Test
    void discoveryPageLinksTheEndpoints() {
        ResponseEntity<String> links = http.get("/actuator");
        assertThat(links.getStatusCode().value()).isEqualTo(200);
        assertThat(links.getBody()).contains("\"_links\"").contains("/actuator/health").contains("/actuator/brisk")
                .contains("\"templated\"");
    }

    @Test
    void healthAnswersInActuatorsMediaTypeOrJson() {
        ResponseEntity<String> health = http.get("/actuator/health");
        assertThat(health.getStatusCode().value()).isEqualTo(200);
        assertThat(health.getBody()).contains("\"status\":\"UP\"").contains("\"sample\"");
        assertThat(health.getHeaders().getContentType().toString())
                .isEqualTo("application/vnd.spring-boot.actuator.v3+json");
        ResponseEntity<String> json = http.get("/actuator/health", "Accept", "application/json");
        assertThat(json.getHeaders().getContentType().toString()).isEqualTo("application/json");
        assertThat(http.get("/actuator/health", "Accept", "text/html").getStatusCode().value()).isEqualTo(406);
    }

    @Test
    void healthGroupsAndProbes() {
        assertThat(http.get("/actuator/health/liveness").getBody()).contains("\"status\":\"UP\"");
        assertThat(http.get("/actuator/health/readiness").getStatusCode().value()).isEqualTo(200);
        ResponseEntity<String> custom = http.get("/actuator/health/custom");
        assertThat(custom.getStatusCode().value()).isEqualTo(200);
        assertThat(custom.getBody()).contains("\"switch\":\"on\"");
        assertThat(http.get("/actuator/health/nothing-here").getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void downHealthAnswers503() {
        health.up(false);
        ResponseEntity<String> down = http.get("/actuator/health/custom");
        assertThat(down.getStatusCode().value()).isEqualTo(503);
        assertThat(down.getBody()).contains("\"status\":\"DOWN\"").contains("\"switch\":\"off\"");
        assertThat(http.get("/actuator/health").getStatusCode().value()).isEqualTo(503);
    }

    @Test
    void infoEnvAndBeans() {
        assertThat(http.get("/actuator/info").getBody()).contains("\"name\":\"sample\"");
        ResponseEntity<String> env = http.get("/actuator/env/spring.jackson.property-naming-strategy");
        assertThat(env.getStatusCode().value()).isEqualTo(200);
        assertThat(env.getBody()).contains("SNAKE_CASE");
        assertThat(http.get("/actuator/beans").getBody()).contains("greetingController").contains("userController");
    }

    @Test
    void writeOperationsAndAlternativeMediaTypes() {
        ResponseEntity<String> configured = http.post("/actuator/loggers/dev.brisk.spring.boot.sample",
                "{\"configuredLevel\":\"DEBUG\"}");
        assertThat(configured.getStatusCode().value()).isEqualTo(204);
        assertThat(http.get("/actuator/loggers/dev.brisk.spring.boot.sample").getBody())
                .contains("\"configuredLevel\":\"DEBUG\"");
        ResponseEntity<String> text = http.get("/actuator/threaddump", "Accept", "text/plain");
        assertThat(text.getHeaders().getContentType().toString()).startsWith("text/plain");
        assertThat(text.getBody()).contains("Full thread dump");
        assertThat(http.get("/actuator/threaddump").getBody()).startsWith("{\"threads\":");
    }

    @Test
    void mappingsListBrisksRoutes() {
        ResponseEntity<String> mappings = http.get("/actuator/mappings");
        assertThat(mappings.getStatusCode().value()).isEqualTo(200);
        assertThat(mappings.getBody()).contains("\"brisk\"").contains("\"path\":\"/users/{id}\"")
                .contains("\"method\":\"POST\"").contains("\"path\":\"/actuator/health\"");
    }

    @Test
    void requestsAreTimedPerRouteTemplate() {
        http.get("/greetings/Ada");
        http.get("/users/12345");
        http.get("/no/such/path");
        assertThat(http.get("/actuator/health/liveness").getStatusCode().value()).isEqualTo(200);
        ResponseEntity<String> metric = http.get("/actuator/metrics/http.server.requests?tag=uri:%2Fusers%2F%7Bid%7D");
        assertThat(metric.getStatusCode().value()).isEqualTo(200);
        assertThat(metric.getBody()).contains("\"COUNT\"").contains("\"outcome\"").contains("\"method\"");
        String prometheus = http.get("/actuator/prometheus").getBody();
        assertThat(prometheus).contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\",outcome=\"SUCCESS\","
                + "status=\"200\",uri=\"/greetings/{name}\"}");
        assertThat(prometheus).contains("method=\"GET\",outcome=\"CLIENT_ERROR\",status=\"404\",uri=\"/users/{id}\"");
        assertThat(prometheus).contains("uri=\"NOT_FOUND\"");
        // a health group is named as Spring MVC names it (timed once written: the scrape may come a moment early)
        String group = "status=\"200\",uri=\"/actuator/health/**\"";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!prometheus.contains(group) && System.nanoTime() < deadline) {
            prometheus = http.get("/actuator/prometheus").getBody();
        }
        assertThat(prometheus).contains(group);
        assertThat(prometheus).contains("brisk_connections_active{protocol=\"http1\"}")
                .contains("brisk_scheduler_threads{name=\"worker\"}").contains("brisk_eventloop_pending{loop=\"0\"}");
    }

    @Test
    void briskEndpointShowsStateAndResizesTheWorkerPool() {
        ResponseEntity<String> state = http.get("/actuator/brisk");
        assertThat(state.getStatusCode().value()).isEqualTo(200);
        assertThat(state.getBody()).contains("\"transport\"").contains("\"eventLoopPendingTasks\"")
                .contains("\"name\":\"worker\"").contains("\"ioThreads\":2").contains("\"workerThreads\":4");
        ResponseEntity<String> resized = http.post("/actuator/brisk/worker", "{\"threads\":7}");
        assertThat(resized.getStatusCode().value()).isEqualTo(200);
        assertThat(resized.getBody()).contains("\"threads\":7");
        assertThat(http.get("/actuator/brisk/worker").getBody()).contains("\"threads\":7");
        http.post("/actuator/brisk/worker", "{\"threads\":4}");
        ResponseEntity<String> io = http.post("/actuator/brisk/io", "{\"threads\":3}");
        assertThat(io.getStatusCode().value()).isEqualTo(400);
        assertThat(io.getBody()).contains("io");
    }
}
