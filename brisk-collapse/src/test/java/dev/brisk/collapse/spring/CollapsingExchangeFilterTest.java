package dev.brisk.collapse.spring;

import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.http.ServerRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.Disposable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code ExchangeFilterFunction} in a {@code WebClient} over Reactor Netty, against a server holding requests. */
class CollapsingExchangeFilterTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private HoldingServer backend;

    @BeforeEach
    void start() {
        backend = HoldingServer.start();
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private static WebClient webClient(CollapsingExchangeFilter collapsing) {
        return WebClient.builder().clientConnector(new ReactorClientHttpConnector()).filter(collapsing).build();
    }

    private CompletableFuture<String> get(WebClient client, String path) {
        return client.get().uri(backend.url(path)).retrieve().bodyToMono(String.class).toFuture();
    }

    @Test
    void concurrentIdenticalGetsGoOutOnceAndEachCallerGetsTheWholeResponse() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        List<CompletableFuture<ResponseEntity<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(client.get().uri(backend.url("/hot")).header("X-Trace", "t" + i).retrieve()
                    .toEntity(String.class).toFuture());
        }
        HoldingServer.awaitCallers(collapsing::stats, 10);

        backend.answer(1, HoldingServer::sharedBody);

        for (CompletableFuture<ResponseEntity<String>> call : calls) {
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
    void differentUsersAndCookiesNeverShareAResponse() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        List<CompletableFuture<String>> alice = new ArrayList<>();
        List<CompletableFuture<String>> bob = new ArrayList<>();
        List<CompletableFuture<String>> carol = new ArrayList<>();
        List<CompletableFuture<String>> dave = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            alice.add(client.get().uri(backend.url("/me")).header("Authorization", "Bearer alice").retrieve()
                    .bodyToMono(String.class).toFuture());
            bob.add(client.get().uri(backend.url("/me")).header("Authorization", "Bearer bob").retrieve()
                    .bodyToMono(String.class).toFuture());
            carol.add(client.get().uri(backend.url("/me")).cookie("session", "carol").retrieve()
                    .bodyToMono(String.class).toFuture());
            dave.add(client.get().uri(backend.url("/me")).cookie("session", "dave").retrieve()
                    .bodyToMono(String.class).toFuture());
        }
        HoldingServer.awaitCallers(collapsing::stats, 12);

        backend.answer(4, request -> request.response().send(request.headers().get("authorization", "")
                + request.headers().get("cookie", "")));

        assertThat(alice).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("Bearer alice"));
        assertThat(bob).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("Bearer bob"));
        assertThat(carol).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("session=carol"));
        assertThat(dave).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("session=dave"));
        assertThat(backend.received()).hasValue(4);
    }

    @Test
    void requestsWithABodyAreNotCollapsed() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        List<CompletableFuture<String>> calls = List.of(
                client.post().uri(backend.url("/p")).bodyValue("a").retrieve().bodyToMono(String.class).toFuture(),
                client.post().uri(backend.url("/p")).bodyValue("a").retrieve().bodyToMono(String.class).toFuture());
        backend.awaitReceived(2);

        backend.answer(2, request -> request.response().send("ok"));

        assertThat(calls).allSatisfy(call -> assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("ok"));
        assertThat(collapsing.stats().callers()).isZero();
    }

    @Test
    void aFailureOfTheSharedExchangeReachesEveryCaller() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(get(client, "/down"));
        }
        HoldingServer.awaitCallers(collapsing::stats, 5);
        backend.awaitReceived(1);

        backend.close();

        assertThat(calls).allSatisfy(call -> assertThat(call).failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(WebClientRequestException.class));
        assertThat(backend.received()).hasValue(1);
    }

    @Test
    void aResponseThatSetsACookieGoesOnlyToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        List<CompletableFuture<ResponseEntity<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(client.get().uri(backend.url("/login")).retrieve().toEntity(String.class).toFuture());
        }
        HoldingServer.awaitCallers(collapsing::stats, 3);
        AtomicInteger session = new AtomicInteger();

        backend.answer(3, request -> request.response().header("set-cookie", "session=" + session.incrementAndGet())
                .send("welcome"));

        List<String> cookies = new ArrayList<>();
        for (CompletableFuture<ResponseEntity<String>> call : calls) {
            cookies.add(call.get(10, TimeUnit.SECONDS).getHeaders().getFirst("set-cookie"));
        }
        assertThat(cookies).containsExactlyInAnyOrder("session=1", "session=2", "session=3");
    }

    @Test
    void aResponseLargerThanTheLimitFailsForItsCallers() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create(HttpCollapseOptions.builder()
                .maxResponseSize(4).build());
        WebClient client = webClient(collapsing);
        List<CompletableFuture<String>> calls = List.of(get(client, "/big"), get(client, "/big"));
        HoldingServer.awaitCallers(collapsing::stats, 2);

        backend.answer(1, request -> request.response().send("0123456789"));

        assertThat(calls).allSatisfy(call -> assertThat(call).failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(DataBufferLimitException.class));
    }

    @Test
    void whenTheSenderCancelsTheExchangeGoesOnForTheCallersThatWaited() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        Disposable sender = client.get().uri(backend.url("/slow")).retrieve().bodyToMono(String.class).subscribe();
        backend.awaitReceived(1);
        CompletableFuture<String> waiter = get(client, "/slow");
        HoldingServer.awaitCallers(collapsing::stats, 2);

        sender.dispose();
        backend.answer(1, request -> request.response().send("shared"));

        assertThat(waiter.get(10, TimeUnit.SECONDS)).isEqualTo("shared");
        assertThat(backend.received()).hasValue(1);
        assertThat(collapsing.stats().cancelled()).isEqualTo(1);
    }

    @Test
    void whenEveryCallerCancelsTheExchangeIsDisposed() throws Exception {
        CollapsingExchangeFilter collapsing = CollapsingExchangeFilter.create();
        WebClient client = webClient(collapsing);
        Disposable sender = client.get().uri(backend.url("/slow")).retrieve().bodyToMono(String.class).subscribe();
        backend.awaitReceived(1);
        Disposable waiter = client.get().uri(backend.url("/slow")).retrieve().bodyToMono(String.class).subscribe();
        HoldingServer.awaitCallers(collapsing::stats, 2);
        AtomicReference<ServerRequest> request = new AtomicReference<>(backend.held().peek());

        waiter.dispose();
        sender.dispose();

        // the disposed exchange closes its connection: the server's unanswered response fails with it
        CompletableFuture<Void> exchange = request.get().response().completion().toCompletableFuture();
        exchange.handle((done, failure) -> null).get(10, TimeUnit.SECONDS);
        assertThat(exchange).isCompletedExceptionally();
        assertThat(collapsing.stats().cancelled()).isEqualTo(2);
        assertThat(collapsing.stats().inFlight()).isZero();
    }
}
