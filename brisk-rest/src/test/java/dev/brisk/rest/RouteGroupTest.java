package dev.brisk.rest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.send;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link dev.brisk.rest.RouteGroup}: routes under a prefix, with filters of their own, over a socket. */
class RouteGroupTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    private static Filter tag(String name, List<String> seen) {
        return (ctx, chain) -> {
            seen.add(name + " " + ctx.request().path());
            ctx.response().header("x-" + name, "1");
            chain.proceed(ctx);
        };
    }

    @Test
    void routesAreMountedUnderThePrefixAndOnlyTheyRunTheGroupFilters() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        server = server()
                .get("/users", ctx -> ctx.send("outside"))
                .group("/api/v1", g -> g
                        .get("/users/{id}", ctx -> ctx.send("user " + ctx.pathParam("id")))
                        .post("/users", ctx -> ctx.response().status(201).send("created"))
                        .get("", ctx -> ctx.send("root"))
                        .filter(tag("v1", seen)))
                .start();
        HttpResponse<String> user = get(server, "/api/v1/users/7");
        assertThat(user.body()).isEqualTo("user 7");
        assertThat(user.headers().firstValue("x-v1")).hasValue("1");
        assertThat(send(server, "POST", "/api/v1/users", "{}").statusCode()).isEqualTo(201);
        assertThat(get(server, "/api/v1").body()).isEqualTo("root");
        HttpResponse<String> outside = get(server, "/users");
        assertThat(outside.body()).isEqualTo("outside");
        assertThat(outside.headers().firstValue("x-v1")).isEmpty();
        assertThat(get(server, "/api/v1/missing").statusCode()).isEqualTo(404);
        assertThat(seen).containsExactly("v1 /api/v1/users/7", "v1 /api/v1/users", "v1 /api/v1");
        assertThat(server.routes()).extracting(r -> r.method() + " " + r.path()).containsExactly("GET /users",
                "GET /api/v1/users/{id}", "POST /api/v1/users", "GET /api/v1");
    }

    @Test
    void nestedGroupsJoinPrefixesAndRunOuterFiltersFirst() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        server = server()
                .group("/api", api -> api.filter(tag("api", seen))
                        .group("/admin", admin -> admin.filter(tag("admin", seen))
                                .delete("/cache", ctx -> ctx.send("cleared")))
                        .get("/status", ctx -> ctx.send("up")))
                .start();
        assertThat(send(server, "DELETE", "/api/admin/cache", null).body()).isEqualTo("cleared");
        assertThat(seen).containsExactly("api /api/admin/cache", "admin /api/admin/cache");
        seen.clear();
        HttpResponse<String> status = get(server, "/api/status");
        assertThat(status.body()).isEqualTo("up");
        assertThat(status.headers().firstValue("x-admin")).isEmpty();
        assertThat(seen).containsExactly("api /api/status");
    }

    @Test
    void aGroupFilterMayAnswerItselfAndKeepsTheRouteOptions() throws Exception {
        server = server()
                .group("/private", g -> g
                        .route(Route.get("/doc").produces("text/plain").handler(ctx -> ctx.send("secret")))
                        .filter((ctx, chain) -> {
                            if (ctx.request().headers().get("authorization", null) == null) {
                                ctx.response().status(401).send("who are you?");
                                return;
                            }
                            chain.proceed(ctx);
                        }))
                .start();
        HttpResponse<String> refused = get(server, "/private/doc");
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).isEqualTo("who are you?");
        HttpResponse<String> admitted = get(server, "/private/doc", "Authorization", "Bearer x");
        assertThat(admitted.body()).isEqualTo("secret");
        assertThat(admitted.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/plain"));
        assertThat(get(server, "/private/doc", "Authorization", "Bearer x", "Accept", "application/json")
                .statusCode()).isEqualTo(406);
    }

    @Test
    void prefixesAndPathsAreChecked() {
        assertThatThrownBy(() -> server().group("api", g -> g.get("/x", ctx -> ctx.send("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("api");
        assertThatThrownBy(() -> server().group("/api/", g -> g.get("/x", ctx -> ctx.send("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/api/");
        assertThatThrownBy(() -> server().group("/api", g -> g.get("x", ctx -> ctx.send("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x");
    }
}
