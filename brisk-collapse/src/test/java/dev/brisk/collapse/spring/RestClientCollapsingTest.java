package dev.brisk.collapse.spring;

import dev.brisk.collapse.HoldingServer;
import dev.brisk.collapse.HttpCollapseOptions;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CollapsingRequestInterceptor} in a {@code RestClient} over the JDK's HttpClient. */
class RestClientCollapsingTest extends BlockingClientCollapsingTest {

    private RestClient client;

    @Override
    void client(HttpCollapseOptions options) {
        collapsing = CollapsingRequestInterceptor.create(options);
        client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
                .requestInterceptor(collapsing).build();
    }

    @Override
    Future<ResponseEntity<String>> get(String path, String... headers) {
        return caller(() -> client.get().uri(backend.url(path)).headers(h -> {
            for (int i = 0; i < headers.length; i += 2) {
                h.add(headers[i], headers[i + 1]);
            }
        }).retrieve().toEntity(String.class));
    }

    @Override
    Future<String> post(String path, String body) {
        return caller(() -> client.post().uri(backend.url(path)).body(body).retrieve().body(String.class));
    }

    @Test
    void theRequestsCookiesArePartOfTheKey() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        List<Future<String>> calls = List.of(
                caller(() -> client.get().uri(backend.url("/me")).cookie("session", "a").retrieve()
                        .body(String.class)),
                caller(() -> client.get().uri(backend.url("/me")).cookie("session", "b").retrieve()
                        .body(String.class)));
        HoldingServer.awaitCallers(this::stats, 2);

        backend.answer(2, request -> request.response().send(request.headers().get("cookie", "")));

        assertThat(calls.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("session=a");
        assertThat(calls.get(1).get(10, TimeUnit.SECONDS)).isEqualTo("session=b");
    }

    @Test
    void aResponseLargerThanTheLimitGoesWholeToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        client(HttpCollapseOptions.builder().maxResponseSize(4).build());
        List<Future<ResponseEntity<String>>> calls = concurrentGets(3, "/big");

        backend.answer(3, request -> request.response().send("0123456789"));

        assertThat(calls).allSatisfy(call -> assertThat(body(call)).isEqualTo("0123456789"));
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void anInterruptedCallerLeavesAloneAndTheRequestGoesOnForTheOthers() throws Exception {
        client(HttpCollapseOptions.DEFAULT);
        Future<ResponseEntity<String>> sender = get("/slow");
        backend.awaitReceived(1);
        Future<ResponseEntity<String>> joiner = get("/slow");
        HoldingServer.awaitCallers(this::stats, 2);

        joiner.cancel(true); // interrupts its thread
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (stats().cancelled() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }

        assertThat(stats().cancelled()).isEqualTo(1);
        backend.answer(1, request -> request.response().send("answered"));
        assertThat(body(sender)).isEqualTo("answered");
    }
}
