package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.CollapseTimeoutException;
import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlightOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every Spring client with a collapser keeps, through real sockets: a server that holds the requests it receives
 * (so that concurrent callers pile up behind the first) and a client of each kind, in the subclasses.
 */
abstract class SpringClientCollapsingTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    private final ExecutorService threads = Executors.newCachedThreadPool();
    HoldingServer backend;

    @BeforeEach
    void startBackend() {
        backend = HoldingServer.start();
    }

    @AfterEach
    void closeBackend() {
        threads.shutdownNow();
        backend.close();
    }

    /** Makes the client under test, collapsing with {@code options}. */
    abstract void client(HttpCollapseOptions options);

    /** Its collapser's statistics. */
    abstract CollapseStats stats();

    /** One caller's GET of {@code path} with {@code headers} (name, value pairs): its whole response, or failure. */
    abstract Future<ResponseEntity<String>> get(String path, String... headers);

    /** One caller's POST of {@code body} to {@code path}: the response body. */
    abstract Future<String> post(String path, String body);

    /** What a caller gets when the connection of the shared request fails. */
    abstract Class<? extends Throwable> connectionFailure();

    /** What a caller gets for a {@code 503} answer. */
    abstract Class<? extends Throwable> serviceUnavailable();

    /** Runs {@code call} on a thread of its own, as one caller of a blocking client. */
    <T> Future<T> caller(Callable<T> call) {
        return threads.submit(call);
    }

    /** {@code count} GETs of {@code path}, sent at once; returns once the collapser has seen them all. */
    List<Future<ResponseEntity<String>>> concurrentGets(int count, String path) throws InterruptedException {
        List<Future<ResponseEntity<String>>> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(get(path, "X-Trace", "t" + i)); // not a key header: the requests still share one call
        }
        HoldingServer.awaitCallers(this::stats, count);
        return calls;
    }

    static String body(Future<ResponseEntity<String>> call) throws Exception {
        return call.get(10, TimeUnit.SECONDS).getBody();
    }

    /** The failure of {@code call}, which must fail with {@code type}. */
    static Throwable failure(Future<?> call, Class<? extends Throwable> type) {
        List<Throwable> failure = new ArrayList<>();
        assertThat(call).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(type).satisfies(e -> failure.add(e.getCause()));
        return failure.get(0);
    }

    @Test
    void concurrentIdenticalGetsGoOutOnceAndEachCallerGetsTheWholeResponse() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> calls = concurrentGets(10, "/hot");

        backend.answer(1, HoldingServer::sharedBody);

        for (Future<ResponseEntity<String>> call : calls) {
            ResponseEntity<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.getStatusCode().value()).isEqualTo(200);
            assertThat(response.getHeaders().get("x-custom")).containsExactly("a");
            assertThat(response.getHeaders().get("x-multi")).containsExactly("1", "2");
            assertThat(response.getBody()).isEqualTo("shared body");
        }
        assertThat(backend.received()).hasValue(1);
        assertThat(stats().executions()).isEqualTo(1);
        assertThat(stats().served()).isEqualTo(10);
    }

    @Test
    void differentUsersNeverShareAResponse() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> alice = new ArrayList<>();
        List<Future<ResponseEntity<String>>> bob = new ArrayList<>();
        List<Future<ResponseEntity<String>>> carol = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            alice.add(get("/me", "Authorization", "Bearer alice"));
            bob.add(get("/me", "Authorization", "Bearer bob"));
            carol.add(get("/me", "Cookie", "session=carol"));
        }
        HoldingServer.awaitCallers(this::stats, 9);

        backend.answer(3, request -> request.response().send(request.headers().get("authorization", "")
                + request.headers().get("cookie", "")));

        assertThat(alice).allSatisfy(call -> assertThat(body(call)).isEqualTo("Bearer alice"));
        assertThat(bob).allSatisfy(call -> assertThat(body(call)).isEqualTo("Bearer bob"));
        assertThat(carol).allSatisfy(call -> assertThat(body(call)).isEqualTo("session=carol"));
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void otherQueriesAndRequestsWithABodyGoOutOnTheirOwn() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> gets = List.of(get("/q?a=1"), get("/q?a=2"));
        List<Future<String>> posts = List.of(post("/q", "one"), post("/q", "one"));
        backend.awaitReceived(4);

        backend.answer(4, HoldingServer::echoAuthorization);

        assertThat(body(gets.get(0))).isEqualTo("auth=none query=a=1");
        assertThat(body(gets.get(1))).isEqualTo("auth=none query=a=2");
        assertThat(posts).allSatisfy(call -> assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query="));
        assertThat(stats().callers()).isEqualTo(2); // the POSTs never reached the collapser
    }

    @Test
    void aFailureOfTheSharedRequestReachesEveryCaller() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> calls = concurrentGets(5, "/down");
        backend.awaitReceived(1);

        backend.close(); // the held request's connection closes under it

        assertThat(calls).allSatisfy(call -> failure(call, connectionFailure()));
        assertThat(backend.received()).hasValue(1);
        assertThat(stats().executions()).isEqualTo(1);
    }

    @Test
    void anErrorStatusIsSharedAndEachCallerGetsItsOwnException() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> calls = concurrentGets(3, "/busy");

        backend.answer(1, request -> request.response().status(503).send("busy"));

        List<Throwable> failures = new ArrayList<>();
        for (Future<ResponseEntity<String>> call : calls) {
            failures.add(failure(call, serviceUnavailable()));
        }
        assertThat(failures).doesNotHaveDuplicates();
        assertThat(backend.received()).hasValue(1);
    }

    @Test
    void aResponseThatSetsACookieGoesOnlyToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<ResponseEntity<String>>> calls = concurrentGets(3, "/login");
        AtomicInteger session = new AtomicInteger();

        backend.answer(3, request -> request.response().header("set-cookie", "session=" + session.incrementAndGet())
                .send("welcome"));

        List<String> cookies = new ArrayList<>();
        for (Future<ResponseEntity<String>> call : calls) {
            cookies.add(call.get(10, TimeUnit.SECONDS).getHeaders().getFirst("set-cookie"));
        }
        assertThat(cookies).containsExactlyInAnyOrder("session=1", "session=2", "session=3");
    }

    @Test
    void aCallerThatJoinedWaitsAtMostTheTimeoutTheSenderUnderItsOwnDeadlines() throws Exception {
        client(HttpCollapseOptions.builder().singleFlight(SingleFlightOptions.builder()
                .timeout(Duration.ofMillis(100)).build()).build());
        Future<ResponseEntity<String>> sender = get("/slow");
        backend.awaitReceived(1);
        Future<ResponseEntity<String>> joiner = get("/slow");

        failure(joiner, CollapseTimeoutException.class);
        Thread.sleep(200);
        assertThat(sender).isNotDone();
        backend.answer(1, request -> request.response().send("answered"));
        assertThat(body(sender)).isEqualTo("answered");
        assertThat(backend.received()).hasValue(1);
    }
}
