package dev.brisk.rest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** The three kinds of interceptors, their order, and pattern intersection, over real sockets. */
class InterceptorTest {

    private final List<String> events = new CopyOnWriteArrayList<>();
    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private HandlerInterceptor recording(String name) {
        return new HandlerInterceptor() {
            @Override
            public boolean preHandle(RequestContext ctx) {
                events.add(name + ".pre " + ctx.request().path());
                return true;
            }

            @Override
            public void postHandle(RequestContext ctx) {
                events.add(name + ".post");
            }

            @Override
            public void afterCompletion(RequestContext ctx, Throwable error) {
                events.add(name + ".done" + (error == null ? "" : " " + error.getMessage()));
            }
        };
    }

    private void awaitEvents(int count) throws InterruptedException {
        for (int i = 0; i < 200 && events.size() < count; i++) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    @Test
    void interceptorsWrapTheHandlerInOrder() throws Exception {
        server = server().interceptor(recording("a")).interceptor(recording("b"))
                .get("/x", ctx -> {
                    events.add("handler");
                    ctx.send("x");
                }).start();
        assertThat(get(server, "/x").body()).isEqualTo("x");
        awaitEvents(7);
        assertThat(events).containsExactly("a.pre /x", "b.pre /x", "handler", "b.post", "a.post", "b.done", "a.done");
    }

    @Test
    void preHandleCanStopTheRequest() throws Exception {
        server = server().interceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(RequestContext ctx) {
                if (ctx.header("authorization").isEmpty()) {
                    ctx.status(401).send("who are you?");
                    return false;
                }
                return true;
            }
        }).get("/secret", ctx -> ctx.send("secret")).start();
        HttpResponse<String> refused = get(server, "/secret");
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(get(server, "/secret", "authorization", "Bearer x").body()).isEqualTo("secret");
    }

    @Test
    void routeInterceptorsAreBoundAtStartup() throws Exception {
        RouteInterceptor postsOnly = new RouteInterceptor() {
            @Override
            public boolean appliesTo(RouteInfo route) {
                return route.path().startsWith("/posts");
            }

            @Override
            public boolean preHandle(RequestContext ctx) {
                events.add("posts " + ctx.route().path());
                return true;
            }
        };
        server = server().interceptor(postsOnly)
                .get("/posts/{id}", ctx -> ctx.send("post"))
                .get("/users/{id}", ctx -> ctx.send("user")).start();
        get(server, "/posts/1");
        get(server, "/users/1");
        assertThat(events).containsExactly("posts /posts/{id}");
    }

    @Test
    void mappingInterceptorsTestEveryRequest() throws Exception {
        MappingInterceptor traced = new MappingInterceptor() {
            @Override
            public boolean matches(RequestContext ctx) {
                return ctx.header("x-trace").isPresent();
            }

            @Override
            public boolean preHandle(RequestContext ctx) {
                ctx.header("x-traced", "yes");
                return true;
            }
        };
        server = server().interceptor(traced).get("/t", ctx -> ctx.send("t")).start();
        assertThat(get(server, "/t").headers().firstValue("x-traced")).isEmpty();
        assertThat(get(server, "/t", "x-trace", "1").headers().firstValue("x-traced")).hasValue("yes");
    }

    @Test
    void includeAndExcludePatternsAreIntersectedWithRoutes() throws Exception {
        server = server()
                .interceptor(InterceptorRegistration.of(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(RequestContext ctx) {
                        events.add(ctx.request().path());
                        return true;
                    }
                }).includes("/api/**", "/files/{name}").excludes("/api/health", "/api/v1/*/internal"))
                .get("/api/health", ctx -> ctx.send("ok"))
                .get("/api/v1/{resource}/internal", ctx -> ctx.send("internal"))
                .get("/api/v1/{resource}", ctx -> ctx.send("resource"))
                .get("/files/{*rest}", ctx -> ctx.send("file"))
                .get("/public", ctx -> ctx.send("public"))
                .start();
        for (String path : List.of("/api/health", "/api/v1/users/internal", "/api/v1/users", "/files/a.txt",
                "/files/dir/a.txt", "/public")) {
            assertThat(get(server, path).statusCode()).as(path).isEqualTo(200);
        }
        assertThat(events).containsExactly("/api/v1/users", "/files/a.txt");
    }

    @Test
    void afterCompletionSeesFailures() throws Exception {
        server = server().interceptor(recording("a"))
                .get("/boom", ctx -> {
                    throw new IllegalStateException("boom");
                }).start();
        assertThat(get(server, "/boom").statusCode()).isEqualTo(500);
        awaitEvents(2);
        assertThat(events).containsExactly("a.pre /boom", "a.done boom");
    }
}
