package dev.brisk.rest;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Feature}: what a feature adds reaches the running server, in the order features were added. */
class FeatureTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** Adds a route, a filter, an exception handler, an observer, and start and stop hooks. */
    private record Greeting(String name, List<String> events) implements Feature {

        @Override
        public void install(FeatureContext context) {
            assertThat(context.options().contextPath()).isEqualTo("/app");
            context.route(Route.get("/" + name).handler(ctx -> ctx.send("hello from " + name)))
                    .filter((ctx, chain) -> {
                        ctx.response().header("x-" + name, "seen");
                        chain.proceed(ctx);
                    })
                    .exceptionHandler(UnsupportedOperationException.class,
                            (ctx, e) -> ctx.response().status(501).send(name + ": " + e.getMessage()))
                    .observer(request -> events.add(name + " observed " + request.status()))
                    .onStart(s -> events.add(name + " started " + s.routes().size()))
                    .onStop(s -> events.add(name + " stopped"));
        }
    }

    @Test
    void featuresContributeRoutesFiltersHandlersObserversAndHooksInOrder() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        server = server().options(o -> o.contextPath("/app"))
                .get("/fail", ctx -> {
                    throw new UnsupportedOperationException("not yet");
                })
                .feature(new Greeting("a", events))
                .feature(new Greeting("b", events))
                .start();
        assertThat(events).containsExactly("a started 3", "b started 3");
        HttpResponse<String> response = get(server, "/app/b");
        assertThat(response.body()).isEqualTo("hello from b");
        assertThat(response.headers().firstValue("x-a")).hasValue("seen");
        assertThat(response.headers().firstValue("x-b")).hasValue("seen");
        HttpResponse<String> failed = get(server, "/app/fail");
        assertThat(failed.statusCode()).isEqualTo(501);
        assertThat(failed.body()).isEqualTo("b: not yet");
        server.close();
        server = null;
        assertThat(events).contains("a observed 200", "b observed 200", "a observed 501");
        assertThat(events.subList(events.size() - 2, events.size())).containsExactly("a stopped", "b stopped");
    }

    @Test
    void outerFiltersRunBeforeTheServersOwnFilters() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        server = server()
                .filter((ctx, chain) -> {
                    order.add("own");
                    chain.proceed(ctx);
                })
                .feature(context -> context
                        .filter((ctx, chain) -> {
                            order.add("feature");
                            chain.proceed(ctx);
                        })
                        .outerFilter((ctx, chain) -> {
                            order.add("outer 1");
                            chain.proceed(ctx);
                        })
                        .outerFilter((ctx, chain) -> {
                            order.add("outer 2");
                            chain.proceed(ctx);
                        }))
                .get("/x", ctx -> ctx.send("x"))
                .start();
        assertThat(get(server, "/x").body()).isEqualTo("x");
        assertThat(order).containsExactly("outer 1", "outer 2", "own", "feature");
    }

    @Test
    void aFeatureThatFailsToInstallFailsStartBeforeBinding() {
        assertThatThrownBy(() -> server().feature(context -> {
            throw new IllegalStateException("missing setting");
        }).start()).isInstanceOf(IllegalStateException.class).hasMessage("missing setting");
    }

    @Test
    void eachBuiltServerInstallsTheFeaturesAgain() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        BriskServer.Builder builder = server().options(o -> o.contextPath("/app")).feature(new Greeting("a", events));
        try (BriskServer first = builder.start(); BriskServer second = builder.port(0).start()) {
            assertThat(get(first, "/app/a").body()).isEqualTo("hello from a");
            assertThat(get(second, "/app/a").body()).isEqualTo("hello from a");
        }
        assertThat(events).filteredOn(e -> e.endsWith("started 1")).hasSize(2);
    }
}
