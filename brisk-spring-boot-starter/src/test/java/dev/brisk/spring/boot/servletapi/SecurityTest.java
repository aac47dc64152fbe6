package dev.brisk.spring.boot.servletapi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Security's servlet filter chain on Brisk, switched by the application's property: HTTP Basic, the default
 * security headers, method security, CORS through Security; switched off, everything open. Through real sockets.
 */
@Tag("servlet-api")
class SecurityTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String ORIGIN = "https://clinic.example.com";

    static ConfigurableApplicationContext start(boolean security) {
        return new SpringApplicationBuilder(SecuredApplication.class).properties("server.port=0",
                "clinic.security.enable=" + security, "logging.level.root=warn").run();
    }

    static HttpResponse<String> send(ConfigurableApplicationContext context, String method, String path,
                                     String... headers) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
    }

    static void assertSecurityHeaders(HttpHeaders headers) {
        assertThat(headers.firstValue("x-content-type-options")).hasValue("nosniff");
        assertThat(headers.firstValue("x-frame-options")).hasValue("DENY");
        assertThat(headers.firstValue("cache-control")).hasValue("no-cache, no-store, max-age=0, must-revalidate");
        assertThat(headers.firstValue("pragma")).hasValue("no-cache");
        assertThat(headers.firstValue("expires")).hasValue("0");
        assertThat(headers.firstValue("x-xss-protection")).hasValue("0");
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class SwitchedOn {

        private ConfigurableApplicationContext context;

        @BeforeAll
        void start() {
            context = SecurityTest.start(true);
        }

        @AfterAll
        void stop() {
            context.close();
        }

        @Test
        void withoutCredentialsTheApiAnswers401WithTheChallengeAndTheSecurityHeaders() throws Exception {
            HttpResponse<String> response = send(context, "GET", "/api/owners");
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("www-authenticate")).get().asString()
                    .startsWith("Basic realm=\"Realm\"");
            assertSecurityHeaders(response.headers());
            assertThat(send(context, "GET", "/api/owners", "authorization", basic("admin", "wrong")).statusCode())
                    .isEqualTo(401);
        }

        @Test
        void withCredentialsTheHandlerAnswersWithTheSecurityHeadersAdded() throws Exception {
            HttpResponse<String> response = send(context, "GET", "/api/owners", "authorization",
                    basic("admin", "admin"));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("[\"Leo\",\"Basil\"]");
            assertSecurityHeaders(response.headers());
            assertThat(response.headers().firstValue("set-cookie")).isEmpty(); // stateless
            assertThat(send(context, "GET", "/api/me", "authorization", basic("vet", "vet")).body())
                    .isEqualTo("vet");
        }

        @Test
        void methodSecurityRefusesAUserWithoutTheRole() throws Exception {
            assertThat(send(context, "DELETE", "/api/owners/1", "authorization", basic("vet", "vet")).statusCode())
                    .isEqualTo(403);
            assertThat(send(context, "DELETE", "/api/owners/1", "authorization", basic("admin", "admin"))
                    .statusCode()).isEqualTo(204);
        }

        @Test
        void publicPathsNeedNoCredentials() throws Exception {
            HttpResponse<String> response = send(context, "GET", "/public/hello");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("hello");
        }

        @Test
        void corsPreflightsAreAnsweredBySecurityWithTheControllersRules() throws Exception {
            HttpResponse<String> preflight = send(context, "OPTIONS", "/api/owners", "origin", ORIGIN,
                    "access-control-request-method", "GET");
            assertThat(preflight.statusCode()).isEqualTo(200);
            assertThat(preflight.headers().firstValue("access-control-allow-origin")).hasValue(ORIGIN);
            assertThat(preflight.headers().firstValue("access-control-allow-methods")).get().asString()
                    .contains("GET");

            HttpResponse<String> refused = send(context, "OPTIONS", "/api/owners", "origin", "https://evil.example",
                    "access-control-request-method", "GET");
            assertThat(refused.statusCode()).isEqualTo(403);

            HttpResponse<String> actual = send(context, "GET", "/api/owners", "origin", ORIGIN, "authorization",
                    basic("admin", "admin"));
            assertThat(actual.statusCode()).isEqualTo(200);
            assertThat(actual.headers().firstValue("access-control-allow-origin")).hasValue(ORIGIN);
            assertThat(actual.headers().firstValue("access-control-expose-headers")).get().asString()
                    .containsIgnoringCase("x-total");
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class SwitchedOff {

        private ConfigurableApplicationContext context;

        @BeforeAll
        void start() {
            context = SecurityTest.start(false);
        }

        @AfterAll
        void stop() {
            context.close();
        }

        @Test
        void everythingIsOpenButTheSecurityHeadersStay() throws Exception {
            HttpResponse<String> response = send(context, "GET", "/api/owners");
            assertThat(response.statusCode()).isEqualTo(200);
            assertSecurityHeaders(response.headers());
            assertThat(send(context, "DELETE", "/api/owners/1").statusCode()).isEqualTo(204);
            assertThat(send(context, "GET", "/api/me").body()).isEqualTo("anonymous");
        }
    }
}
