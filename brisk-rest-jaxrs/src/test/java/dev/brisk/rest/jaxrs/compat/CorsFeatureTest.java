package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.jaxrs.CorsFeature;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.core.Application;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Set;

import static dev.brisk.rest.jaxrs.compat.BriskCorsTodoApplication.ALLOWED_ORIGIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link BriskCorsTodoApplication}: the to-do application with Brisk's {@link CorsFeature} among its singletons in
 * place of its CORS response filter, over real sockets. Preflights are answered by Brisk's engine before any filter
 * or resource, actual requests get the CORS headers, and other origins are refused.
 */
class CorsFeatureTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new BriskCorsTodoApplication(TaskStore.seeded())));

    @Test
    void aPreflightIsAnsweredForTheRouteOfTheAnnouncedMethod(TestClient client) {
        TestResponse preflight = client.options("/api/tasks/1").header("Origin", ALLOWED_ORIGIN)
                .header("Access-Control-Request-Method", "DELETE")
                .header("Access-Control-Request-Headers", "content-type, authorization").execute();

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("access-control-allow-origin")).hasValue(ALLOWED_ORIGIN);
        assertThat(preflight.header("access-control-allow-methods")).hasValue("DELETE");
        assertThat(preflight.header("access-control-allow-headers")).hasValue("content-type, authorization");
        assertThat(preflight.header("access-control-allow-credentials")).hasValue("true");
        assertThat(preflight.header("access-control-max-age")).hasValue("3600");
        assertThat(preflight.header("allow")).as("not the automatic OPTIONS answer").isEmpty();
        assertThat(preflight.body()).isEmpty();
    }

    /** The resource method of {@code /tasks/{id}} takes {@code /tasks/1/} (Jakarta REST 3.7.3), its preflight too. */
    @Test
    void aPreflightWithATrailingSlashIsAnsweredForTheRouteWithoutIt(TestClient client) {
        TestResponse preflight = client.options("/api/tasks/1/").header("Origin", ALLOWED_ORIGIN)
                .header("Access-Control-Request-Method", "DELETE").execute();

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("access-control-allow-origin")).hasValue(ALLOWED_ORIGIN);
        assertThat(preflight.header("access-control-allow-methods")).hasValue("DELETE");
        assertThat(preflight.header("allow")).as("not the automatic OPTIONS answer").isEmpty();

        TestResponse actual = client.get("/api/tasks/1/").header("Origin", ALLOWED_ORIGIN).execute();
        assertThat(actual.status()).isEqualTo(200);
        assertThat(actual.header("access-control-allow-origin")).hasValue(ALLOWED_ORIGIN);
    }

    @Test
    void anActualRequestFromTheAllowedOriginGetsTheCorsHeaders(TestClient client) {
        TestResponse created = client.post("/api/tasks").header("Origin", ALLOWED_ORIGIN)
                .contentType("application/json").body("{\"title\": \"book the venue\"}").execute();

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("access-control-allow-origin")).hasValue(ALLOWED_ORIGIN);
        assertThat(created.header("access-control-allow-credentials")).hasValue("true");
        assertThat(created.header("access-control-expose-headers")).get().asString().isEqualToIgnoringCase("Location");
        assertThat(created.header("vary")).get().asString().contains("Origin");
        assertThat(created.body()).contains("\"title\":\"book the venue\"");

        TestResponse sameOrigin = client.get("/api/tasks/1").execute();
        assertThat(sameOrigin.status()).isEqualTo(200);
        assertThat(sameOrigin.header("access-control-allow-origin")).as("no Origin, no CORS headers").isEmpty();
    }

    @Test
    void anotherOriginIsRefusedBeforeTheResourceRuns(TestClient client) {
        TestResponse preflight = client.options("/api/tasks").header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST").execute();
        assertThat(preflight.status()).isEqualTo(403);
        assertThat(preflight.body()).contains("origin https://evil.example is not allowed");
        assertThat(preflight.header("access-control-allow-origin")).isEmpty();

        TestResponse actual = client.delete("/api/tasks/1").header("Origin", "https://evil.example").execute();
        assertThat(actual.status()).isEqualTo(403);
        assertThat(actual.body()).contains("CORS request rejected: origin https://evil.example is not allowed");
        assertThat(client.get("/api/tasks/1").execute().status()).as("the task was not deleted").isEqualTo(200);
    }

    @Test
    void oneFeaturePerServerAndItNeedsItsRules() {
        CorsFeature one = CorsFeature.create(CorsConfig.builder().allowedOrigins("https://a.example").build());
        CorsFeature two = CorsFeature.create(CorsConfig.builder().allowedOrigins("https://b.example").build());
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(new TaskResource(new TaskStore()), one, two)
                .start().close())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two CorsFeatures are registered");

        Application withClass = new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(TaskResource.class, CorsFeature.class);
            }
        };
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(withClass).start().close())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("return CorsFeature.create(config) from getSingletons()");
    }
}
