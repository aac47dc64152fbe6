package dev.brisk.spring.boot.servletapi;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** Actuator in a servlet application served by Brisk: on the application's port, and on a port of its own. */
@Tag("servlet-api")
class ServletActuatorTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void actuatorAnswersOnTheApplicationsPort() throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ServletApplication.class)
                .properties("server.port=0", "logging.level.root=warn").run()) {
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            HttpResponse<String> health = get(port, "/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UP\"");
        }
    }

    @Test
    void actuatorAnswersOnAManagementPortOfItsOwn() throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ServletApplication.class)
                .properties("server.port=0", "management.server.port=0", "logging.level.root=warn").run()) {
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            int management = Integer.parseInt(context.getEnvironment().getProperty("local.management.port"));
            assertThat(management).isPositive().isNotEqualTo(port);
            assertThat(get(management, "/actuator/health").statusCode()).isEqualTo(200);
            assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(404);
        }
    }
}
