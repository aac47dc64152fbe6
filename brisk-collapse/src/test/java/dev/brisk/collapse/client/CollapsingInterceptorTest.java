package dev.brisk.collapse.client;

import dev.brisk.client.BriskClient;
import dev.brisk.client.HttpResponse;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.HoldingServer;
import dev.brisk.http.ServerRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.brisk.client.CallTimeoutException;
import dev.brisk.collapse.CollapseTimeoutException;
import dev.brisk.collapse.SingleFlightOptions;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import org.assertj.core.api.AbstractThrowableAssert;
import static org.assertj.core.api.Assertions.assertThat;

/** The client interceptor over real sockets: one request for many callers, each with its own full response. */
class CollapsingInterceptorTest {

    private final List<AutoCloseable> resources = new ArrayList<>();
    private HoldingServer backend;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable resource : resources) {
            resource.close();
        }
    }

    private void start() {
        backend = HoldingServer.start();
        resources.add(backend);
    }

    private BriskClient client(CollapsingInterceptor interceptor) {
        BriskClient client = BriskClient.builder().options(o -> o.ioThreads(2)).loadInterceptors(false)
                .interceptor(interceptor)
                .build();
        resources.add(client);
        return client;
    }

    private String url(String path) {
        return backend.url(path);
    }

    private void answer(int expected, Consumer<ServerRequest> answer) throws InterruptedException {
        backend.answer(expected, answer);
    }

    private static void awaitCallers(CollapsingInterceptor interceptor, long callers) throws InterruptedException {
        HoldingServer.awaitCallers(interceptor::stats, callers);
    }

    @Test
    void aCallerNobodyJoinedGetsTheResponseAsItCameAndJoinedCallersGetCopies() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        CompletableFuture<HttpResponse> alone = client.get(url("/alone")).execute().toCompletableFuture();
        answer(1, HoldingServer::sharedBody);
        HttpResponse own = alone.get(10, TimeUnit.SECONDS);
        assertThat(own.bodyAsString()).isEqualTo("shared body");
        assertThat(own.toString()).doesNotContain("shared");

        CompletableFuture<HttpResponse> sender = client.get(url("/pair")).execute().toCompletableFuture();
        CompletableFuture<HttpResponse> joiner = client.get(url("/pair")).execute().toCompletableFuture();
        awaitCallers(collapsing, 3);
        answer(1, HoldingServer::sharedBody);
        assertThat(sender.get(10, TimeUnit.SECONDS).toString()).contains("shared");
        assertThat(joiner.get(10, TimeUnit.SECONDS).toString()).contains("shared");
        assertThat(backend.received()).hasValue(2);
    }

    @Test
    void concurrentIdenticalGetsGoOutOnceAndEachCallerGetsAFullResponseOfItsOwn() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(client.get(url("/hot?x=1")).header("X-Trace", "t" + i).execute().toCompletableFuture());
        }
        awaitCallers(collapsing, 20);

        answer(1, HoldingServer::sharedBody);

        List<HttpResponse> responses = new ArrayList<>();
        for (CompletableFuture<HttpResponse> call : calls) {
            responses.add(call.get(10, TimeUnit.SECONDS));
        }
        assertThat(backend.received()).hasValue(1);
        for (HttpResponse response : responses) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-custom")).hasValue("a");
            assertThat(response.headers().all("x-multi")).containsExactly("1", "2");
            assertThat(response.bodyAsString()).isEqualTo("shared body");
        }
        byte[] first = responses.get(0).bodyAsBytes();
        first[0] = 'X';
        assertThat(responses.get(1).bodyAsBytes()).isNotSameAs(first).asString().isEqualTo("shared body");
        assertThat(responses.get(1).bodyAs(String.class)).isEqualTo("shared body");
        assertThat(responses.get(2).request().headers().first("x-trace")).hasValue("t2");
        assertThat(responses.stream().distinct()).hasSize(20);
        assertThat(collapsing.stats().executions()).isEqualTo(1);
        assertThat(collapsing.stats().served()).isEqualTo(20);
    }

    @Test
    void differentUsersNeverShareAResponse() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        List<CompletableFuture<HttpResponse>> alice = new ArrayList<>();
        List<CompletableFuture<HttpResponse>> bob = new ArrayList<>();
        List<CompletableFuture<HttpResponse>> cookie = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            alice.add(client.get(url("/me")).header("Authorization", "Bearer alice").execute().toCompletableFuture());
            bob.add(client.get(url("/me")).header("Authorization", "Bearer bob").execute().toCompletableFuture());
            cookie.add(client.get(url("/me")).header("Cookie", "session=carol").execute().toCompletableFuture());
        }
        awaitCallers(collapsing, 15);

        answer(3, HoldingServer::echoAuthorization);

        assertThat(alice).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS).bodyAsString())
                .isEqualTo("auth=Bearer alice query="));
        assertThat(bob).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS).bodyAsString())
                .isEqualTo("auth=Bearer bob query="));
        assertThat(cookie).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS).bodyAsString())
                .isEqualTo("auth=none query="));
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void theQueryIsPartOfTheKeyAndAConfiguredHeaderToo() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create(HttpCollapseOptions.builder()
                .addKeyHeaders("X-Tenant").build());
        BriskClient client = client(collapsing);
        List<CompletableFuture<HttpResponse>> calls = List.of(
                client.get(url("/q?a=1&b=2")).execute().toCompletableFuture(),
                client.get(url("/q?b=2&a=1")).execute().toCompletableFuture(),
                client.get(url("/q?a=1&b=2")).header("X-Tenant", "t1").execute().toCompletableFuture(),
                client.get(url("/q?a=1&b=2")).execute().toCompletableFuture());
        awaitCallers(collapsing, 4);

        answer(3, HoldingServer::echoAuthorization);

        assertThat(calls.get(0).get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("auth=none query=a=1&b=2");
        assertThat(calls.get(1).get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("auth=none query=b=2&a=1");
        assertThat(calls.get(3).get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("auth=none query=a=1&b=2");
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void requestsWithABodyAndOtherMethodsAreNeverCollapsed() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        List<CompletableFuture<HttpResponse>> calls = List.of(
                client.post(url("/p")).body("a").execute().toCompletableFuture(),
                client.post(url("/p")).body("a").execute().toCompletableFuture(),
                client.delete(url("/p")).execute().toCompletableFuture());

        answer(3, request -> request.response().send("ok"));

        for (CompletableFuture<HttpResponse> call : calls) {
            assertThat(call.get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("ok");
        }
        assertThat(collapsing.stats().callers()).isZero();
    }

    @Test
    void aResponseThatSetsACookieGoesOnlyToItsSenderAndTheOthersSendTheirOwn() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(client.get(url("/login")).execute().toCompletableFuture());
        }
        awaitCallers(collapsing, 3);
        AtomicInteger session = new AtomicInteger();

        answer(3, request -> request.response().header("set-cookie", "session=" + session.incrementAndGet())
                .send("welcome"));

        List<String> cookies = new ArrayList<>();
        for (CompletableFuture<HttpResponse> call : calls) {
            cookies.add(call.get(10, TimeUnit.SECONDS).header("set-cookie").orElseThrow());
        }
        assertThat(cookies).containsExactlyInAnyOrder("session=1", "session=2", "session=3");
    }

    /** The caller that sent a held request for {@code /slow} and one that joined it, once the server has it. */
    private record SenderAndWaiter(CollapsingInterceptor collapsing, CompletableFuture<HttpResponse> sender,
                                   CompletableFuture<HttpResponse> waiter) {
    }

    private SenderAndWaiter senderAndWaiter() throws InterruptedException {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        CompletableFuture<HttpResponse> sender = client.get(url("/slow")).execute().toCompletableFuture();
        backend.awaitReceived(1);
        CompletableFuture<HttpResponse> waiter = client.get(url("/slow")).execute().toCompletableFuture();
        awaitCallers(collapsing, 2);
        return new SenderAndWaiter(collapsing, sender, waiter);
    }

    @Test
    void whenTheSenderCancelsTheRequestGoesOnForTheCallersThatWaited() throws Exception {
        SenderAndWaiter calls = senderAndWaiter();

        assertThat(calls.sender().cancel(true)).isTrue();
        answer(1, request -> request.response().send("shared"));

        assertThat(calls.waiter().get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("shared");
        assertThat(calls.sender()).isCancelled();
        assertThat(backend.received()).hasValue(1); // the waiter did not have to send its own
        assertThat(calls.collapsing().stats().cancelled()).isEqualTo(1);
    }

    @Test
    void whenEveryCallerCancelsTheRequestIsAborted() throws Exception {
        SenderAndWaiter calls = senderAndWaiter();
        ServerRequest request = backend.held().peek();

        calls.waiter().cancel(true);
        calls.sender().cancel(true);

        // the abort closes the connection: the server's unanswered response fails with it
        CompletableFuture<Void> exchange = request.response().completion().toCompletableFuture();
        exchange.handle((done, failure) -> null).get(10, TimeUnit.SECONDS);
        assertThat(exchange).isCompletedExceptionally();
        assertThat(calls.collapsing().stats().cancelled()).isEqualTo(2);
        assertThat(calls.collapsing().stats().inFlight()).isZero();
    }

    @Test
    void aConditionalRequestNeverSharesWithAnUnconditionalOne() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create(HttpCollapseOptions.builder()
                .keyHeaders("x-tenant").build()); // conditional headers stay in the key whatever the list says
        BriskClient client = client(collapsing);
        CompletableFuture<HttpResponse> revalidating = client.get(url("/doc")).header("If-None-Match", "\"v1\"")
                .execute().toCompletableFuture();
        CompletableFuture<HttpResponse> ranged = client.get(url("/doc")).header("Range", "bytes=0-1")
                .execute().toCompletableFuture();
        CompletableFuture<HttpResponse> plain = client.get(url("/doc")).execute().toCompletableFuture();
        awaitCallers(collapsing, 3);
        answer(3, request -> {
            if (request.headers().contains("if-none-match")) {
                request.response().status(304).send();
            } else if (request.headers().contains("range")) {
                request.response().status(206).header("content-range", "bytes 0-1/4").send("bo");
            } else {
                request.response().send("body");
            }
        });
        assertThat(revalidating.get(10, TimeUnit.SECONDS).status()).isEqualTo(304);
        assertThat(ranged.get(10, TimeUnit.SECONDS).status()).isEqualTo(206);
        assertThat(plain.get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("body");
        assertThat(backend.received()).hasValue(3);
    }

    @Test
    void requestsWithOtherSettingsGoOutOnTheirOwnAndKeepTheirOwnTimeout() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create();
        BriskClient client = client(collapsing);
        CompletableFuture<HttpResponse> patient = client.get(url("/slow")).execute().toCompletableFuture();
        CompletableFuture<HttpResponse> hurried = client.get(url("/slow")).timeout(Duration.ofMillis(200))
                .execute().toCompletableFuture();
        awaitCallers(collapsing, 2);
        // two requests went out: the hurried one fails on its own deadline, the patient one is not affected
        assertThatCause(hurried).isInstanceOf(CallTimeoutException.class);
        assertThat(patient).isNotDone();
        answer(2, request -> request.response().send("late"));
        assertThat(patient.get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("late");
        assertThat(backend.received()).hasValue(2);
    }

    @Test
    void theCallerThatSentTheRequestWaitsUnderItsOwnDeadlineNotTheCollapsersTimeout() throws Exception {
        start();
        CollapsingInterceptor collapsing = CollapsingInterceptor.create(HttpCollapseOptions.builder()
                .singleFlight(SingleFlightOptions.builder()
                        .timeout(Duration.ofMillis(100)).build()).build());
        BriskClient client = client(collapsing);
        CompletableFuture<HttpResponse> sender = client.get(url("/slow")).timeout(Duration.ofSeconds(10))
                .execute().toCompletableFuture();
        awaitCallers(collapsing, 1);
        CompletableFuture<HttpResponse> joiner = client.get(url("/slow")).timeout(Duration.ofSeconds(10))
                .execute().toCompletableFuture();
        // the collapser's timeout applies to the caller that joined, not to the one whose request is out
        assertThatCause(joiner).isInstanceOf(CollapseTimeoutException.class);
        Thread.sleep(200);
        assertThat(sender).isNotDone();
        answer(1, request -> request.response().send("answered"));
        assertThat(sender.get(10, TimeUnit.SECONDS).bodyAsString()).isEqualTo("answered");
        assertThat(backend.received()).hasValue(1);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertThatCause(
            CompletableFuture<?> future) {
        try {
            future.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return assertThat(e.getCause());
        } catch (Exception e) {
            throw new AssertionError("the call did not fail in time", e);
        }
        throw new AssertionError("the call did not fail");
    }
}
