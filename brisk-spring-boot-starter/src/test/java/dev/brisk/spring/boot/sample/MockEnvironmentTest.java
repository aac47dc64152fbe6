package dev.brisk.spring.boot.sample;

import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** The default (mock) web environment: no port is opened, the in-process client runs the whole pipeline. */
@SpringBootTest
class MockEnvironmentTest {

    @Autowired
    WebServerApplicationContext context;

    @Autowired
    TestClient client;

    @Test
    void noPortIsOpened() {
        BriskWebServer server = (BriskWebServer) context.getWebServer();
        assertThat(server.isListening()).isFalse();
        assertThat(server.getPort()).isEqualTo(-1);
    }

    @Test
    void inProcessClientRunsControllersFiltersAndAdvice() {
        TestResponse hello = client.get("/hello").execute();
        assertThat(hello.status()).isEqualTo(200);
        assertThat(hello.body()).isEqualTo("Hello, World!");
        assertThat(hello.header("x-sample")).contains("filtered");
        TestResponse missing = client.get("/users/9").execute();
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("{\"error\":\"no user 9\"}");
        TestResponse created = client.post("/users").contentType("application/json")
                .body("{\"name\":\"Grace\",\"email\":\"grace@example.com\"}").execute();
        assertThat(created.status()).isEqualTo(201);
    }
}
