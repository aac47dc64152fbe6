package dev.brisk.rest;

import dev.brisk.http.testing.RawConnection;
import dev.brisk.rest.web.CorsConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CORS preflights and actual requests over real sockets: origins, patterns, credentials, global and route rules. */
class CorsTest {

    private static final String APP = "https://app.example.com";

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private RawConnection.Response send(String method, String path, String... headers) throws IOException {
        StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + server.port() + "\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        try (RawConnection connection = new RawConnection(server.port())) {
            return connection.send(request.append("\r\n").toString()).read();
        }
    }

    private RawConnection.Response preflight(String path, String origin, String method, String headers)
            throws IOException {
        return headers == null
                ? send("OPTIONS", path, "Origin", origin, "Access-Control-Request-Method", method)
                : send("OPTIONS", path, "Origin", origin, "Access-Control-Request-Method", method,
                "Access-Control-Request-Headers", headers);
    }

    private BriskServer.Builder items(CorsConfig global) {
        return server().web(w -> w.cors(global))
                .get("/items/{id}", ctx -> ctx.header("x-version", "7").send("item " + ctx.pathParam("id")))
                .put("/items/{id}", ctx -> ctx.send("stored"))
                .delete("/items/{id}", ctx -> ctx.send("deleted"));
    }

    @Test
    void anAllowedPreflightIsAnsweredByTheEngine() throws Exception {
        server = items(CorsConfig.builder().allowedOrigins(APP).allowedMethods("GET", "PUT")
                .allowedHeaders("X-Token", "Content-Type").maxAge(Duration.ofMinutes(10)).build()).start();
        RawConnection.Response response = preflight("/items/3", APP, "PUT", "x-token, content-type");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("access-control-allow-origin")).isEqualTo(APP);
        assertThat(response.header("access-control-allow-methods")).isEqualTo("GET, PUT");
        assertThat(response.header("access-control-allow-headers")).isEqualTo("x-token, content-type");
        assertThat(response.header("access-control-max-age")).isEqualTo("600");
        assertThat(response.header("access-control-allow-credentials")).isNull();
        assertThat(response.header("vary")).contains("Origin").contains("Access-Control-Request-Method");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void aRefusedPreflightIs403AndSaysWhy() throws Exception {
        server = items(CorsConfig.builder().allowedOrigins(APP).allowedMethods("GET", "PUT")
                .allowedHeaders("X-Token").build()).start();
        RawConnection.Response origin = preflight("/items/3", "https://evil.example.org", "PUT", null);
        assertThat(origin.status()).isEqualTo(403);
        assertThat(origin.header("content-type")).isEqualTo("application/problem+json");
        assertThat(origin.bodyText()).contains("origin https://evil.example.org is not allowed");
        assertThat(origin.header("access-control-allow-origin")).isNull();

        RawConnection.Response method = preflight("/items/3", APP, "DELETE", null);
        assertThat(method.status()).isEqualTo(403);
        assertThat(method.bodyText()).contains("method DELETE is not allowed");

        RawConnection.Response header = preflight("/items/3", APP, "PUT", "X-Token, X-Secret");
        assertThat(header.status()).isEqualTo(403);
        assertThat(header.bodyText()).contains("header x-secret is not allowed");

        RawConnection.Response noRoute = preflight("/items/3", APP, "PATCH", null);
        assertThat(noRoute.status()).isEqualTo(403);
        assertThat(noRoute.bodyText()).contains("no route for PATCH /items/3");

        assertThat(preflight("/nothing/here", APP, "GET", null).status()).isEqualTo(404);
    }

    @Test
    void actualRequestsGetTheirHeadersAndUnknownOriginsAreRefused() throws Exception {
        server = items(CorsConfig.builder().allowedOrigins(APP).allowedMethods("GET", "PUT")
                .exposedHeaders("X-Version").build()).start();
        RawConnection.Response allowed = send("GET", "/items/4", "Origin", APP);
        assertThat(allowed.status()).isEqualTo(200);
        assertThat(allowed.bodyText()).isEqualTo("item 4");
        assertThat(allowed.header("access-control-allow-origin")).isEqualTo(APP);
        assertThat(allowed.header("access-control-expose-headers")).isEqualTo("x-version");
        assertThat(allowed.header("vary")).isEqualTo("Origin, Access-Control-Request-Method, "
                + "Access-Control-Request-Headers");

        RawConnection.Response refused = send("GET", "/items/4", "Origin", "https://evil.example.org");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.bodyText()).contains("origin https://evil.example.org is not allowed")
                .doesNotContain("item 4");

        RawConnection.Response method = send("DELETE", "/items/4", "Origin", APP);
        assertThat(method.status()).isEqualTo(403);
        assertThat(method.bodyText()).contains("method DELETE is not allowed");

        RawConnection.Response sameOrigin = send("DELETE", "/items/4", "Origin", "http://127.0.0.1:" + server.port());
        assertThat(sameOrigin.status()).isEqualTo(200);
        assertThat(sameOrigin.header("access-control-allow-origin")).isNull();

        RawConnection.Response noOrigin = send("GET", "/items/4");
        assertThat(noOrigin.status()).isEqualTo(200);
        assertThat(noOrigin.header("access-control-allow-origin")).isNull();
    }

    @Test
    void anyOriginIsAStarWithoutCredentialsAndTheReflectedOriginWithThem() throws Exception {
        server = items(CorsConfig.builder().build())
                .route(Route.get("/account").cors(CorsConfig.builder().allowedOriginPatterns("*")
                        .allowCredentials(true).build()).handler(ctx -> ctx.send("mine")))
                .start();
        RawConnection.Response open = send("GET", "/items/1", "Origin", "https://anyone.example.net");
        assertThat(open.header("access-control-allow-origin")).isEqualTo("*");
        assertThat(open.header("access-control-allow-credentials")).isNull();

        RawConnection.Response withCredentials = send("GET", "/account", "Origin", "https://anyone.example.net");
        assertThat(withCredentials.header("access-control-allow-origin")).isEqualTo("https://anyone.example.net");
        assertThat(withCredentials.header("access-control-allow-credentials")).isEqualTo("true");

        RawConnection.Response preflight = preflight("/account", "https://anyone.example.net", "GET", "x-anything");
        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("access-control-allow-origin")).isEqualTo("https://anyone.example.net");
        assertThat(preflight.header("access-control-allow-headers")).isEqualTo("x-anything");
        assertThat(preflight.header("access-control-allow-credentials")).isEqualTo("true");

        assertThatThrownBy(() -> CorsConfig.builder().allowedOrigins("*").allowCredentials(true).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("allowedOrigins \"*\" cannot go with allowCredentials(true)");
        assertThatThrownBy(() -> CorsConfig.builder().allowCredentials(true).build())
                .hasMessageContaining("allowedOriginPatterns(\"*\")");
    }

    @Test
    void originPatternsMatchSubdomainsAndPorts() throws Exception {
        server = items(CorsConfig.builder().allowedOriginPatterns("https://*.example.com",
                "http://localhost:[8080,9090]", "http://127.0.0.1:[*]").build()).start();
        for (String origin : new String[] {"https://app.example.com", "https://a.b.example.com",
                "https://APP.Example.com", "http://localhost:8080", "http://localhost:9090", "http://127.0.0.1",
                "http://127.0.0.1:3000"}) {
            assertThat(send("GET", "/items/1", "Origin", origin).header("access-control-allow-origin"))
                    .as(origin).isEqualTo(origin);
        }
        for (String origin : new String[] {"http://app.example.com", "https://example.com",
                "https://example.com.evil.net", "https://evil.net/.example.com", "http://localhost:8081",
                "http://localhost", "null"}) {
            assertThat(send("GET", "/items/1", "Origin", origin).status()).as(origin).isEqualTo(403);
        }
    }

    @Test
    void routeRulesAreCombinedOverGlobalOnesAndPatternsChooseRoutes() throws Exception {
        server = server()
                .web(w -> w.cors("/api/**", CorsConfig.builder().allowedOrigins(APP).maxAge(Duration.ofSeconds(100))
                .build()))
                .route(Route.delete("/api/items/{id}").cors(CorsConfig.builder()
                        .allowedOrigins("https://admin.example.com").allowCredentials(true).build())
                        .handler(ctx -> ctx.send("deleted")))
                .route(Route.put("/api/items/{id}").handler(ctx -> ctx.send("stored")))
                .put("/public/{id}", ctx -> ctx.send("public"))
                .start();
        // the route's own rules: its method, both origins, credentials; max-age from the global rules
        RawConnection.Response admin = preflight("/api/items/1", "https://admin.example.com", "DELETE", null);
        assertThat(admin.status()).isEqualTo(200);
        assertThat(admin.header("access-control-allow-methods")).isEqualTo("DELETE");
        assertThat(admin.header("access-control-allow-credentials")).isEqualTo("true");
        assertThat(admin.header("access-control-max-age")).isEqualTo("100");
        assertThat(preflight("/api/items/1", APP, "DELETE", null).status()).isEqualTo(200);
        // the global rules alone: their default methods do not include PUT
        RawConnection.Response put = preflight("/api/items/1", APP, "PUT", null);
        assertThat(put.status()).isEqualTo(403);
        assertThat(put.bodyText()).contains("method PUT is not allowed");
        assertThat(preflight("/api/items/1", "https://admin.example.com", "PUT", null).status()).isEqualTo(403);
        // outside /api/** no CORS rules apply: an ordinary OPTIONS answer, without CORS headers
        RawConnection.Response outside = preflight("/public/1", APP, "PUT", null);
        assertThat(outside.status()).isEqualTo(200);
        assertThat(outside.header("allow")).contains("PUT");
        assertThat(outside.header("access-control-allow-origin")).isNull();
        assertThat(send("PUT", "/public/1", "Origin", "https://evil.example.org").status()).isEqualTo(200);
    }

    @Test
    void combinationFollowsSpring() {
        CorsConfig global = CorsConfig.builder().allowedOrigins("https://a.com").allowedMethods("GET")
                .allowedHeaders("x-a").exposedHeaders("x-e").maxAge(Duration.ofSeconds(5)).build();
        CorsConfig own = CorsConfig.builder().allowedOrigins("https://b.com").allowedHeaders("*")
                .allowCredentials(true).build();
        CorsConfig combined = global.combine(own);
        assertThat(combined.allowedOrigins()).containsExactly("https://a.com", "https://b.com");
        assertThat(combined.allowedMethods()).containsExactly("GET");
        assertThat(combined.allowedHeaders()).containsExactly("*");
        assertThat(combined.exposedHeaders()).containsExactly("x-e");
        assertThat(combined.allowCredentials()).isTrue();
        assertThat(combined.maxAge()).isEqualTo(Duration.ofSeconds(5));
        // unset settings give way to the other side's
        CorsConfig defaults = CorsConfig.builder().build();
        assertThat(defaults.combine(own).allowedOrigins()).containsExactly("https://b.com");
        assertThat(defaults.allowedMethods()).containsExactly("GET", "HEAD", "POST");
        assertThat(own.combine(defaults).allowCredentials()).isTrue();
        assertThatThrownBy(() -> CorsConfig.builder().allowedOrigins("*").build().combine(
                CorsConfig.builder().allowedOriginPatterns("https://*.x.com").allowCredentials(true).build()))
                .hasMessageContaining("cannot go with allowCredentials(true)");
        assertThatThrownBy(() -> CorsConfig.builder().allowedMethods("GET POST"))
                .hasMessage("allowedMethods has an invalid entry: \"GET POST\"");
    }

    @Test
    void rulesThatCannotBeCombinedStopTheServerFromStarting() {
        assertThatThrownBy(() -> server().web(w -> w.cors(CorsConfig.builder().allowedOrigins("*").build()))
                .route(Route.get("/me").cors(CorsConfig.builder().allowedOriginPatterns("*")
                        .allowCredentials(true).build()).handler(ctx -> ctx.send("me")))
                .buildHandler())
                .hasMessageContaining("CORS rules of route GET /me")
                .hasMessageContaining("cannot go with allowCredentials(true)");
    }

    @Test
    void theRulesOfARequestCanBeLookedUpAheadOfRouting() throws Exception {
        AtomicReference<BriskServer> self = new AtomicReference<>();
        server = server()
                .web(w -> w.cors("/api/**", CorsConfig.builder().allowedOrigins(APP).maxAge(Duration.ofSeconds(100))
                        .build()))
                .filter((ctx, chain) -> {
                    ctx.header("x-rules", self.get().corsRules(ctx.request())
                            .map(rules -> rules.allowedOrigins() + " " + rules.maxAge().toSeconds()).orElse("none"));
                    chain.proceed(ctx);
                })
                .get("/api/items", ctx -> ctx.send("items"))
                .get("/other", ctx -> ctx.send("other"))
                .start();
        self.set(server);
        assertThat(RestTestSupport.get(server, "/api/items").headers().firstValue("x-rules"))
                .hasValue("[" + APP + "] 100");
        assertThat(RestTestSupport.get(server, "/other").headers().firstValue("x-rules")).hasValue("none");
        assertThat(RestTestSupport.get(server, "/api/missing").headers().firstValue("x-rules")).hasValue("none");
        // a preflight is looked up for the method it announces
        assertThat(RestTestSupport.send(server, "OPTIONS", "/api/items", null, "origin", APP,
                "access-control-request-method", "GET").headers().firstValue("x-rules")).hasValue("[" + APP + "] 100");
        assertThat(RestTestSupport.send(server, "OPTIONS", "/api/items", null, "origin", APP,
                "access-control-request-method", "DELETE").headers().firstValue("x-rules")).hasValue("none");
    }
}
