package dev.brisk.spring.boot.cors;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Global CORS mappings of a {@code WebMvcConfigurer} bean apply on Brisk as on Spring MVC, combined with a handler's
 * {@code @CrossOrigin}; checked with preflights and actual requests over a socket.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = GlobalCorsTest.Application.class)
class GlobalCorsTest {

    private static final String SHOP = "https://shop.example";
    private static final String PARTNER = "https://partner.example";

    @Configuration
    static class WebConfig implements WebMvcConfigurer {
        @Override
        public void addCorsMappings(CorsRegistry registry) {
            registry.addMapping("/api/**").allowedOrigins(SHOP).allowedMethods("GET", "POST")
                    .allowedHeaders("Content-Type", "Authorization").exposedHeaders("Location").maxAge(3600);
        }
    }

    @RestController
    @RequestMapping("/api/orders")
    static class OrderController {
        @GetMapping
        String list() {
            return "orders";
        }

        @PostMapping
        String create() {
            return "created";
        }

        @CrossOrigin(origins = PARTNER)
        @GetMapping("/shared")
        String shared() {
            return "shared";
        }
    }

    @RestController
    static class OtherController {
        @GetMapping("/internal")
        String internal() {
            return "internal";
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({WebConfig.class, OrderController.class, OtherController.class})
    static class Application {
    }

    @LocalServerPort
    int port;

    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aPreflightFromTheAllowedOriginIsAnswered() throws Exception {
        HttpResponse<String> preflight = send("OPTIONS", "/api/orders", "Origin", SHOP,
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type");
        assertThat(preflight.statusCode()).isEqualTo(200);
        assertThat(preflight.headers().firstValue("access-control-allow-origin")).hasValue(SHOP);
        assertThat(preflight.headers().firstValue("access-control-allow-methods").orElse(""))
                .contains("GET").contains("POST");
        assertThat(preflight.headers().firstValue("access-control-allow-headers").orElse("").toLowerCase())
                .contains("content-type");
        assertThat(preflight.headers().firstValue("access-control-max-age")).hasValue("3600");
    }

    @Test
    void anActualRequestFromTheAllowedOriginGetsTheHeaders() throws Exception {
        HttpResponse<String> response = send("GET", "/api/orders", "Origin", SHOP);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("orders");
        assertThat(response.headers().firstValue("access-control-allow-origin")).hasValue(SHOP);
        assertThat(response.headers().firstValue("access-control-expose-headers").orElse(""))
                .isEqualToIgnoringCase("Location");
    }

    @Test
    void anotherOriginIsRefused() throws Exception {
        assertThat(send("GET", "/api/orders", "Origin", "https://evil.example").statusCode()).isEqualTo(403);
        assertThat(send("OPTIONS", "/api/orders", "Origin", "https://evil.example",
                "Access-Control-Request-Method", "POST").statusCode()).isEqualTo(403);
    }

    @Test
    void aHandlersCrossOriginIsCombinedWithTheGlobalMapping() throws Exception {
        HttpResponse<String> partner = send("GET", "/api/orders/shared", "Origin", PARTNER);
        assertThat(partner.statusCode()).isEqualTo(200);
        assertThat(partner.headers().firstValue("access-control-allow-origin")).hasValue(PARTNER);
        HttpResponse<String> shop = send("GET", "/api/orders/shared", "Origin", SHOP);
        assertThat(shop.statusCode()).isEqualTo(200);
        assertThat(shop.headers().firstValue("access-control-allow-origin")).hasValue(SHOP);
    }

    @Test
    void pathsOutsideTheMappingHaveNoCors() throws Exception {
        HttpResponse<String> response = send("GET", "/internal", "Origin", SHOP);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("access-control-allow-origin")).isEmpty();
    }
}
