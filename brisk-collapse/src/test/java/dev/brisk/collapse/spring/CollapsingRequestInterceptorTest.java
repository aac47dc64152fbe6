package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseTimeoutException;
import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlightOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

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
 * The {@code ClientHttpRequestInterceptor} in {@code RestClient} (over the JDK's HttpClient) and {@code RestTemplate}
 * (over {@code HttpURLConnection}), against a server on a real socket that holds the requests it receives.
 */
class CollapsingRequestInterceptorTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private HoldingServer backend;

    @BeforeEach
    void start() {
        backend = HoldingServer.start();
    }

    @AfterEach
    void close() {
        threads.shutdownNow();
        backend.close();
    }

    private static RestClient restClient(CollapsingRequestInterceptor collapsing) {
        return RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
                .requestInterceptor(collapsing).build();
    }

    private static RestTemplate restTemplate(CollapsingRequestInterceptor collapsing) {
        RestTemplate template = new RestTemplate();
        template.getInterceptors().add(collapsing);
        return template;
    }

    /** Runs {@code call} on a thread of its own, as one caller. */
    private <T> Future<T> caller(Callable<T> call) {
        return threads.submit(call);
    }

    @Test
    void restClientSendsConcurrentIdenticalGetsOnceAndEachCallerGetsTheWholeResponse() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<ResponseEntity<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String trace = "t" + i; // not a key header: the requests still share one call
            calls.add(caller(() -> client.get().uri(backend.url("/hot")).header("X-Trace", trace).retrieve()
                    .toEntity(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 10);

        backend.answer(1, HoldingServer::sharedBody);

        for (Future<ResponseEntity<String>> call : calls) {
            ResponseEntity<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.getStatusCode().value()).isEqualTo(200);
            assertThat(response.getHeaders().get("x-custom")).containsExactly("a");
            assertThat(response.getHeaders().get("x-multi")).containsExactly("1", "2");
            assertThat(response.getBody()).isEqualTo("shared body");
        }
        assertThat(backend.received()).hasValue(1);
        assertThat(collapsing.stats().executions()).isEqualTo(1);
        assertThat(collapsing.stats().served()).isEqualTo(10);
    }

    @Test
    void restTemplateCallersGetBodiesOfTheirOwn() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestTemplate template = restTemplate(collapsing);
        List<Future<ResponseEntity<byte[]>>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(caller(() -> template.exchange(backend.url("/hot"), HttpMethod.GET, null, byte[].class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 5);

        backend.answer(1, HoldingServer::sharedBody);

        List<byte[]> bodies = new ArrayList<>();
        for (Future<ResponseEntity<byte[]>> call : calls) {
            ResponseEntity<byte[]> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.getHeaders().getFirst("x-custom")).isEqualTo("a");
            bodies.add(response.getBody());
        }
        bodies.get(0)[0] = 'X';
        assertThat(bodies.subList(1, 5)).allSatisfy(body -> assertThat(body).asString().isEqualTo("shared body"));
        assertThat(backend.received()).hasValue(1);
    }

    @Test
    void differentUsersNeverShareAResponse() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<String>> alice = new ArrayList<>();
        List<Future<String>> bob = new ArrayList<>();
        List<Future<String>> carol = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            alice.add(caller(() -> client.get().uri(backend.url("/me")).header("Authorization", "Bearer alice")
                    .retrieve().body(String.class)));
            bob.add(caller(() -> client.get().uri(backend.url("/me")).header("Authorization", "Bearer bob")
                    .retrieve().body(String.class)));
            carol.add(caller(() -> client.get().uri(backend.url("/me")).cookie("session", "carol")
                    .retrieve().body(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 9);

        backend.answer(3, HoldingServer::echoAuthorization);

        assertThat(alice).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS))
                .isEqualTo("auth=Bearer alice query="));
        assertThat(bob).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS))
                .isEqualTo("auth=Bearer bob query="));
        assertThat(carol).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query="));
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void otherQueriesAndRequestsWithABodyAreNotCollapsed() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<String>> calls = List.of(
                caller(() -> client.get().uri(backend.url("/q?a=1")).retrieve().body(String.class)),
                caller(() -> client.get().uri(backend.url("/q?a=2")).retrieve().body(String.class)),
                caller(() -> client.post().uri(backend.url("/q")).body("one").retrieve().body(String.class)),
                caller(() -> client.post().uri(backend.url("/q")).body("one").retrieve().body(String.class)));
        backend.awaitReceived(4);

        backend.answer(4, HoldingServer::echoAuthorization);

        assertThat(calls.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query=a=1");
        assertThat(calls.get(1).get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query=a=2");
        assertThat(calls.get(2).get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query=");
        assertThat(calls.get(3).get(10, TimeUnit.SECONDS)).isEqualTo("auth=none query=");
        assertThat(collapsing.stats().callers()).isEqualTo(2); // the POSTs never reached the collapser
    }

    @Test
    void aFailureOfTheSharedRequestReachesEveryCaller() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(caller(() -> client.get().uri(backend.url("/down")).retrieve().body(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 5);
        backend.awaitReceived(1);

        backend.close(); // the held request's connection closes under it

        assertThat(calls).allSatisfy(call -> assertThat(call).failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(ResourceAccessException.class));
        assertThat(backend.received()).hasValue(1);
        assertThat(collapsing.stats().executions()).isEqualTo(1);
    }

    @Test
    void anErrorStatusIsSharedAndEachCallerGetsItsOwnException() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(caller(() -> client.get().uri(backend.url("/busy")).retrieve().body(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 3);

        backend.answer(1, request -> request.response().status(503).send("busy"));

        List<Throwable> failures = new ArrayList<>();
        for (Future<String> call : calls) {
            assertThat(call).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(HttpServerErrorException.ServiceUnavailable.class)
                    .satisfies(e -> failures.add(e.getCause()));
        }
        assertThat(failures).doesNotHaveDuplicates()
                .allSatisfy(e -> assertThat(((HttpServerErrorException) e).getResponseBodyAsString())
                        .isEqualTo("busy"));
        assertThat(backend.received()).hasValue(1);
    }

    @Test
    void aResponseThatSetsACookieGoesOnlyToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        List<Future<ResponseEntity<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(caller(() -> client.get().uri(backend.url("/login")).retrieve().toEntity(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 3);
        AtomicInteger session = new AtomicInteger();

        backend.answer(3, request -> request.response().header("set-cookie", "session=" + session.incrementAndGet())
                .send("welcome"));

        List<String> cookies = new ArrayList<>();
        for (Future<ResponseEntity<String>> call : calls) {
            ResponseEntity<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.getBody()).isEqualTo("welcome");
            cookies.add(response.getHeaders().getFirst("set-cookie"));
        }
        assertThat(cookies).containsExactlyInAnyOrder("session=1", "session=2", "session=3");
    }

    @Test
    void aResponseLargerThanTheLimitGoesWholeToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create(HttpCollapseOptions.builder()
                .maxResponseSize(4).build());
        RestClient client = restClient(collapsing);
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(caller(() -> client.get().uri(backend.url("/big")).retrieve().body(String.class)));
        }
        HoldingServer.awaitCallers(collapsing::stats, 3);

        backend.answer(3, request -> request.response().send("0123456789"));

        assertThat(calls).allSatisfy(call -> assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("0123456789"));
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void aCallerThatJoinedWaitsAtMostTheTimeoutTheSenderItsOwnDeadline() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create(HttpCollapseOptions.builder()
                .singleFlight(SingleFlightOptions.builder().timeout(Duration.ofMillis(100)).build()).build());
        RestClient client = restClient(collapsing);
        Future<String> sender = caller(() -> client.get().uri(backend.url("/slow")).retrieve().body(String.class));
        backend.awaitReceived(1);
        Future<String> joiner = caller(() -> client.get().uri(backend.url("/slow")).retrieve().body(String.class));

        assertThat(joiner).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(CollapseTimeoutException.class);
        Thread.sleep(200);
        assertThat(sender).isNotDone();
        backend.answer(1, request -> request.response().send("answered"));
        assertThat(sender.get(10, TimeUnit.SECONDS)).isEqualTo("answered");
        assertThat(backend.received()).hasValue(1);
    }

    @Test
    void anInterruptedCallerLeavesAloneAndTheRequestGoesOnForTheOthers() throws Exception {
        CollapsingRequestInterceptor collapsing = CollapsingRequestInterceptor.create();
        RestClient client = restClient(collapsing);
        Future<String> sender = caller(() -> client.get().uri(backend.url("/slow")).retrieve().body(String.class));
        backend.awaitReceived(1);
        Future<String> joiner = caller(() -> client.get().uri(backend.url("/slow")).retrieve().body(String.class));
        HoldingServer.awaitCallers(collapsing::stats, 2);

        joiner.cancel(true);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (collapsing.stats().cancelled() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }

        assertThat(collapsing.stats().cancelled()).isEqualTo(1);
        backend.answer(1, request -> request.response().send("answered"));
        assertThat(sender.get(10, TimeUnit.SECONDS)).isEqualTo("answered");
    }
}
