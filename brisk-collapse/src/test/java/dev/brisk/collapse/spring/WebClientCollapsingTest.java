package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.http.ServerRequest;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.Disposable;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CollapsingExchangeFilter} in a {@code WebClient} over Reactor Netty. */
class WebClientCollapsingTest extends SpringClientCollapsingTest {

    private CollapsingExchangeFilter collapsing;
    private WebClient client;

    @Override
    void client(HttpCollapseOptions options) {
        collapsing = CollapsingExchangeFilter.create(options);
        client = WebClient.builder().clientConnector(new ReactorClientHttpConnector()).filter(collapsing).build();
    }

    @Override
    CollapseStats stats() {
        return collapsing.stats();
    }

    @Override
    Future<ResponseEntity<String>> get(String path, String... headers) {
        return client.get().uri(backend.url(path)).headers(h -> {
            for (int i = 0; i < headers.length; i += 2) {
                h.add(headers[i], headers[i + 1]);
            }
        }).retrieve().toEntity(String.class).toFuture();
    }

    @Override
    Future<String> post(String path, String body) {
        return client.post().uri(backend.url(path)).bodyValue(body).retrieve().bodyToMono(String.class).toFuture();
    }

    @Override
    Class<? extends Throwable> connectionFailure() {
        return WebClientRequestException.class;
    }

    @Override
    Class<? extends Throwable> serviceUnavailable() {
        return WebClientResponseException.ServiceUnavailable.class;
    }

    private Disposable subscribeToSlow() {
        return client.get().uri(backend.url("/slow")).retrieve().bodyToMono(String.class).subscribe();
    }

    @Test
    void theRequestsCookiesCountAsItsCookieHeader() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<CompletableFuture<String>> calls = List.of(
                client.get().uri(backend.url("/me")).cookie("session", "a").retrieve().bodyToMono(String.class)
                        .toFuture(),
                client.get().uri(backend.url("/me")).cookie("session", "b").retrieve().bodyToMono(String.class)
                        .toFuture());
        HoldingServer.awaitCallers(this::stats, 2);

        backend.answer(2, request -> request.response().send(request.headers().get("cookie", "")));

        assertThat(calls.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("session=a");
        assertThat(calls.get(1).get(10, TimeUnit.SECONDS)).isEqualTo("session=b");
    }

    @Test
    void aResponseLargerThanTheLimitFailsForItsCallers() throws Exception {
        client(HttpCollapseOptions.builder().maxResponseSize(4).build());
        List<Future<ResponseEntity<String>>> calls = concurrentGets(2, "/big");

        backend.answer(1, request -> request.response().send("0123456789"));

        assertThat(calls).allSatisfy(call -> failure(call, DataBufferLimitException.class));
    }

    @Test
    void whenTheSenderCancelsTheExchangeGoesOnForTheCallersThatWaited() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        Disposable sender = subscribeToSlow();
        backend.awaitReceived(1);
        Future<ResponseEntity<String>> waiter = get("/slow");
        HoldingServer.awaitCallers(this::stats, 2);

        sender.dispose();
        backend.answer(1, request -> request.response().send("shared"));

        assertThat(body(waiter)).isEqualTo("shared");
        assertThat(backend.received()).hasValue(1);
        assertThat(stats().cancelled()).isEqualTo(1);
    }

    @Test
    void whenEveryCallerCancelsTheExchangeIsDisposed() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        Disposable sender = subscribeToSlow();
        backend.awaitReceived(1);
        Disposable waiter = subscribeToSlow();
        HoldingServer.awaitCallers(this::stats, 2);
        ServerRequest request = backend.held().peek();

        waiter.dispose();
        sender.dispose();

        // the disposed exchange closes its connection: the server's unanswered response fails with it
        CompletableFuture<Void> exchange = request.response().completion().toCompletableFuture();
        exchange.handle((done, failure) -> null).get(10, TimeUnit.SECONDS);
        assertThat(exchange).isCompletedExceptionally();
        assertThat(stats().cancelled()).isEqualTo(2);
        assertThat(stats().inFlight()).isZero();
    }
}
