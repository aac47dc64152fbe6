package dev.brisk.rest;

import dev.brisk.rest.observe.CompletedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import java.util.concurrent.CopyOnWriteArrayList;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Per-route schedulers and their fail-fast behaviour. */
class SchedulingTest {

    private BriskServer server;
    private final ExecutorService custom = Executors.newFixedThreadPool(2, r -> new Thread(r, "my-pool"));

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        custom.shutdownNow();
    }

    private static void threadName(RequestContext ctx) {
        ctx.send(Thread.currentThread().getName());
    }

    @Test
    void routesRunOnTheirScheduler() throws Exception {
        server = server()
                .scheduler("mine", custom)
                .get("/io", SchedulingTest::threadName)
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(SchedulingTest::threadName))
                .route(Route.get("/mine").scheduler("mine").handler(SchedulingTest::threadName))
                .start();
        assertThat(get(server, "/io").body()).startsWith("brisk-io-");
        assertThat(get(server, "/worker").body()).startsWith("brisk-worker-");
        assertThat(get(server, "/mine").body()).isEqualTo("my-pool");
    }

    @Test
    void defaultSchedulerAppliesToRoutesWithoutOne() throws Exception {
        server = server().options(o -> o.defaultScheduler(Schedulers.WORKER)).get("/x", SchedulingTest::threadName)
                .start();
        assertThat(get(server, "/x").body()).startsWith("brisk-worker-");
    }

    @Test
    void whenEveryRouteSharesOneSchedulerFiltersAndRoutingRunThereToo() throws Exception {
        server = server()
                .options(o -> o.defaultScheduler(Schedulers.WORKER))
                .filter((ctx, chain) -> {
                    ctx.header("x-filter-thread", Thread.currentThread().getName());
                    chain.proceed(ctx);
                })
                .get("/x", SchedulingTest::threadName)
                .start();
        HttpResponse<String> response = get(server, "/x");
        assertThat(response.headers().firstValue("x-filter-thread")).get().asString().startsWith("brisk-worker-");
        assertThat(response.body()).startsWith("brisk-worker-");
    }

    /** A blocking filter that binds a value to its thread around the rest of the request, as a servlet filter does. */
    @RunOn(Schedulers.WORKER)
    private static final class ThreadBoundFilter implements Filter {

        static final ThreadLocal<String> USER = new ThreadLocal<>();

        @Override
        public void filter(RequestContext ctx, FilterChain chain) throws Exception {
            ctx.header("x-filter-thread", Thread.currentThread().getName());
            USER.set("alice");
            try {
                chain.proceed(ctx);
            } finally {
                USER.remove();
            }
        }
    }

    @Test
    void aFilterThatSaysRunOnRunsThereAndAHandlerOnTheSameSchedulerRunsWithinItsChainOnItsThread() throws Exception {
        server = server()
                .filter(new ThreadBoundFilter())
                .get("/io", SchedulingTest::threadName)
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(ctx ->
                        ctx.send(Thread.currentThread().getName() + " " + ThreadBoundFilter.USER.get())))
                .start();
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> worker = get(server, "/worker");
            String filterThread = worker.headers().firstValue("x-filter-thread").orElseThrow();
            assertThat(filterThread).startsWith("brisk-worker-");
            assertThat(worker.body()).isEqualTo(filterThread + " alice");
        }
        // an event-loop route does not go back to the event loop: it runs where the filter left it
        HttpResponse<String> io = get(server, "/io");
        assertThat(io.headers().firstValue("x-filter-thread")).get().asString().startsWith("brisk-worker-");
        assertThat(io.body()).isEqualTo(io.headers().firstValue("x-filter-thread").orElseThrow());
        assertThat(get(server, "/nowhere").statusCode()).isEqualTo(404);
    }

    @Test
    void aFilterNamingAnUnknownSchedulerFailsTheBuild() {
        @RunOn("nope")
        final class Unknown implements Filter {
            @Override
            public void filter(RequestContext ctx, FilterChain chain) throws Exception {
                chain.proceed(ctx);
            }
        }
        assertThatThrownBy(() -> server = server().filter(new Unknown()).get("/x", SchedulingTest::threadName).start())
                .hasMessageContaining("nope");
    }

    @Test
    void withMixedSchedulersFiltersRunOnTheEventLoop() throws Exception {
        server = server()
                .filter((ctx, chain) -> {
                    ctx.header("x-filter-thread", Thread.currentThread().getName());
                    chain.proceed(ctx);
                })
                .get("/io", SchedulingTest::threadName)
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(SchedulingTest::threadName))
                .start();
        HttpResponse<String> response = get(server, "/worker");
        assertThat(response.headers().firstValue("x-filter-thread")).get().asString().startsWith("brisk-io-");
        assertThat(response.body()).startsWith("brisk-worker-");
    }

    @Test
    void fullQueueAnswers503WithRetryAfterNeverAHang() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<CompletedRequest> observed = new CopyOnWriteArrayList<>();
        server = server()
                .options(o -> o.workerThreads(1).workerQueueSize(1).maxQueueTime(Duration.ofSeconds(30)))
                .observability(o -> o.observer(observed::add))
                .route(Route.get("/block").scheduler(Schedulers.WORKER).handler(ctx -> {
                    release.await(10, TimeUnit.SECONDS);
                    ctx.send("released");
                }))
                .start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return get(server, "/block");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        HttpResponse<String> rejected = null;
        for (int i = 0; i < 200 && rejected == null; i++) {
            for (CompletableFuture<HttpResponse<String>> call : calls) {
                if (call.isDone() && call.join().statusCode() == 503) {
                    rejected = call.join();
                }
            }
            Thread.sleep(20);
        }
        release.countDown();
        assertThat(rejected).isNotNull();
        assertThat(rejected.headers().firstValue("retry-after")).hasValue("1");
        assertThat(rejected.body()).contains("queue of scheduler worker is full");
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            assertThat(call.get(10, TimeUnit.SECONDS).statusCode()).isIn(200, 503);
        }
        // refused before routing (every route is on the worker pool, so requests queue first), yet observed with their route
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (observed.size() < calls.size() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(observed).filteredOn(r -> r.status() == 503).isNotEmpty()
                .allSatisfy(r -> assertThat(r.route()).hasValueSatisfying(route ->
                        assertThat(route.path()).isEqualTo("/block")));
    }

    @Test
    void handlersThatBlockGetEveryThreadOfThePool() throws Exception {
        int threads = 6;
        CountDownLatch entered = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        server = server()
                .options(o -> o.workerThreads(threads))
                .route(Route.get("/block").scheduler(Schedulers.WORKER).handler(ctx -> {
                    entered.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    ctx.send("released");
                }))
                .start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            for (int i = 0; i < threads; i++) {
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return get(server, "/block");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, callers));
            }
            // the workers woken first all block: the pool wakes the others rather than let requests wait behind them
            assertThat(entered.await(5, TimeUnit.SECONDS)).as("requests running at once").isTrue();
            release.countDown();
            for (CompletableFuture<HttpResponse<String>> call : calls) {
                assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
            }
        } finally {
            release.countDown();
            callers.shutdownNow();
        }
    }

    @Test
    void requestsThatWaitedTooLongAreAnswered503() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        server = server()
                .options(o -> o.workerThreads(1).workerQueueSize(10).maxQueueTime(Duration.ofMillis(50)))
                .route(Route.get("/slow").scheduler(Schedulers.WORKER).handler(ctx -> {
                    started.countDown();
                    Thread.sleep(300);
                    ctx.send("slow");
                }))
                .start();
        CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> {
            try {
                return get(server, "/slow");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> second = get(server, "/slow");
        assertThat(second.statusCode()).isEqualTo(503);
        assertThat(second.body()).contains("waited too long");
        assertThat(first.get(5, TimeUnit.SECONDS).body()).isEqualTo("slow");
    }

    @Test
    void virtualThreadsOnJava21OrAClearErrorOn17() throws Exception {
        BriskServer.Builder builder = server()
                .route(Route.get("/v").scheduler(Schedulers.VIRTUAL).handler(ctx ->
                        ctx.send(String.valueOf(Thread.currentThread().toString().contains("Virtual")))));
        if (Runtime.version().feature() < 21) {
            assertThatThrownBy(builder::start).hasMessageContaining("needs Java 21");
            return;
        }
        server = builder.start();
        assertThat(get(server, "/v").body()).isEqualTo("true");
    }
}
