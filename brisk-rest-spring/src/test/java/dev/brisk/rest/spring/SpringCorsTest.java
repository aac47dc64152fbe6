package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CORS rules read from Spring's own configuration types, as Spring MVC applies them: a bare
 * {@link CorsConfiguration} in a {@link UrlBasedCorsConfigurationSource} allows only what it names (its unset methods
 * are {@code GET} and {@code HEAD}, its unset headers none), and {@code @CrossOrigin} handlers combine with the global
 * rules, keeping their own max-age and methods.
 */
class SpringCorsTest {

    @RestController
    @RequestMapping("/api")
    public static class ApiController {
        @GetMapping("/items")
        public String items() {
            return "items";
        }

        /** A mapping without methods: its CORS rules allow GET, HEAD and POST, as Spring's defaults do. */
        @RequestMapping("/any")
        @CrossOrigin(origins = "https://tools.example")
        public String any() {
            return "any";
        }

        @GetMapping("/partners")
        @CrossOrigin(originPatterns = "https://*.partner.example:[8443,9443]", allowCredentials = "true")
        public String partners() {
            return "partners";
        }
    }

    static UrlBasedCorsConfigurationSource corsSource() {
        CorsConfiguration configuration = new CorsConfiguration();
        configuration.setAllowedOrigins(List.of("https://app.example"));
        configuration.setMaxAge(3600L);
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        source.registerCorsConfiguration("/api/**", configuration);
        return source;
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ApiController(), corsSource()));

    private static TestResponse preflight(TestClient client, String path, String origin, String method,
                                          String... headers) {
        var request = client.options(path).header("Origin", origin).header("Access-Control-Request-Method", method);
        if (headers.length > 0) {
            request.header("Access-Control-Request-Headers", String.join(",", headers));
        }
        return request.execute();
    }

    @Test
    void aBareCorsConfigurationAllowsOnlyWhatItNames(TestClient client) {
        TestResponse get = preflight(client, "/api/items", "https://app.example", "GET");
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.header("access-control-allow-origin")).hasValue("https://app.example");
        assertThat(get.header("access-control-max-age")).hasValue("3600");
        assertThat(preflight(client, "/api/items", "https://app.example", "PUT").status()).isEqualTo(403);
        assertThat(preflight(client, "/api/items", "https://app.example", "GET", "x-custom").status())
                .isEqualTo(403);
        assertThat(client.get("/api/items").header("Origin", "https://app.example").execute()
                .header("access-control-allow-origin")).hasValue("https://app.example");
        assertThat(client.get("/api/items").header("Origin", "https://other.example").execute().status())
                .isEqualTo(403);
    }

    @Test
    void crossOriginHandlersJoinTheGlobalOriginsAndKeepSpringsDefaults(TestClient client) {
        TestResponse post = preflight(client, "/api/any", "https://tools.example", "POST");
        assertThat(post.status()).isEqualTo(200);
        assertThat(post.header("access-control-allow-origin")).hasValue("https://tools.example");
        // Spring gives annotated handlers a max-age of 30 minutes, over the global one
        assertThat(post.header("access-control-max-age")).hasValue("1800");
        assertThat(preflight(client, "/api/any", "https://app.example", "GET").status()).isEqualTo(200);
        assertThat(preflight(client, "/api/any", "https://tools.example", "DELETE").status()).isEqualTo(403);
    }

    @Test
    void originPatternsWithPortsAndCredentials(TestClient client) {
        TestResponse allowed = client.get("/api/partners").header("Origin", "https://eu.partner.example:9443")
                .execute();
        assertThat(allowed.status()).isEqualTo(200);
        assertThat(allowed.header("access-control-allow-origin")).hasValue("https://eu.partner.example:9443");
        assertThat(allowed.header("access-control-allow-credentials")).hasValue("true");
        assertThat(client.get("/api/partners").header("Origin", "https://eu.partner.example:8080").execute()
                .status()).isEqualTo(403);
    }
}
