package dev.brisk.spring.boot.sample;

import dev.brisk.spring.boot.BriskWebServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.boot.test.http.server.LocalTestWebServer;
import dev.brisk.test.TestClient;

import static org.assertj.core.api.Assertions.assertThat;

/** The sample application end to end, over real HTTP on a random port, as a Boot user tests it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SampleApplicationTest {

    @LocalServerPort
    int port;

    @Autowired
    WebServerApplicationContext context;

    @Autowired
    SampleConfiguration.Counter intercepted;

    Http http;

    @BeforeEach
    void client() {
        http = new Http(port);
    }

    @Test
    void briskServesOnTheRandomPort() {
        assertThat(context.getWebServer()).isInstanceOf(BriskWebServer.class);
        assertThat(port).isPositive().isEqualTo(context.getWebServer().getPort());
    }

    @Test
    void restControllerAnswers() {
        ResponseEntity<String> hello = http.get("/hello");
        assertThat(hello.getStatusCode().value()).isEqualTo(200);
        assertThat(hello.getBody()).isEqualTo("Hello, World!");
        assertThat(hello.getHeaders().getContentType().toString()).startsWith("text/plain");
    }

    @Test
    void jsonIsWrittenByTheApplicationsMapper() {
        ResponseEntity<String> greeting = http.get("/greetings/Ada?salutation=Hi");
        assertThat(greeting.getStatusCode().value()).isEqualTo(200);
        // spring.jackson.property-naming-strategy=SNAKE_CASE applies
        assertThat(greeting.getBody()).isEqualTo("{\"recipient_name\":\"Ada\",\"text\":\"Hi, Ada!\"}");
    }

    @Test
    void createdUserIsReadBack() {
        ResponseEntity<String> created = http.post("/users", "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}");
        assertThat(created.getStatusCode().value()).isEqualTo(201);
        assertThat(created.getHeaders().getLocation()).isNotNull();
        String location = created.getHeaders().getLocation().toString();
        ResponseEntity<String> read = http.get(location);
        assertThat(read.getStatusCode().value()).isEqualTo(200);
        assertThat(read.getBody()).contains("\"name\":\"Ada\"").contains("\"email\":\"ada@example.com\"");
    }

    @Test
    void invalidBodyIsABadRequestNamingTheField() {
        ResponseEntity<String> invalid = http.post("/users", "{\"name\":\"\",\"email\":\"not-an-email\"}");
        assertThat(invalid.getStatusCode().value()).isEqualTo(400);
        assertThat(invalid.getBody()).contains("name").contains("email");
    }

    @Test
    void controllerAdviceHandlesTheApplicationsExceptions() {
        ResponseEntity<String> missing = http.get("/users/7");
        assertThat(missing.getStatusCode().value()).isEqualTo(404);
        assertThat(missing.getBody()).isEqualTo("{\"error\":\"no user 7\"}");
    }

    @Test
    void controllerWithResponseBodyMethodsIsServed() {
        assertThat(http.get("/legacy").getBody()).isEqualTo("legacy");
    }

    @Test
    void exceptionHandlerBeanAnswersItsException() {
        ResponseEntity<String> conflict = http.get("/fail");
        assertThat(conflict.getStatusCode().value()).isEqualTo(409);
        assertThat(conflict.getBody()).isEqualTo("conflict: broken on purpose");
    }

    @Test
    void filterAndInterceptorBeansApply() {
        int before = intercepted.get();
        ResponseEntity<String> hello = http.get("/hello");
        assertThat(hello.getHeaders().getFirst("x-sample")).isEqualTo("filtered");
        assertThat(intercepted.get()).isGreaterThan(before);
    }

    @Test
    void schedulerBeanRunsTheRoutesThatNameIt() {
        assertThat(http.get("/thread").getBody()).isEqualTo("sample-worker");
    }

    @Test
    void routeAndCustomizerBeansAddProgrammaticRoutes() {
        assertThat(http.get("/ping").getBody()).isEqualTo("pong");
        assertThat(http.get("/fast").getBody()).isEqualTo("fast");
    }

    @Test
    void bootsTestClientsFindTheServer() {
        assertThat(LocalTestWebServer.obtain(context).uri()).isEqualTo("http://localhost:" + port);
        assertThat(LocalTestWebServer.obtain(context).uri("/hello")).isEqualTo("http://localhost:" + port + "/hello");
    }

    @Test
    void inProcessClientSeesTheSamePipeline(@Autowired TestClient client) {
        assertThat(client.get("/ping").execute().body()).isEqualTo("pong");
    }

    @Test
    void unknownPathIsAProblem() {
        ResponseEntity<String> missing = http.get("/nowhere");
        assertThat(missing.getStatusCode().value()).isEqualTo(404);
        assertThat(missing.getHeaders().getContentType().toString()).isEqualTo("application/problem+json");
    }
}
