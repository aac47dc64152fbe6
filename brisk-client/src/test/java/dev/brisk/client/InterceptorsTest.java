package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import java.util.function.BiConsumer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The interceptor chain: order, request changes, ServiceLoader discovery, repeated proceed, cancellation. */
class InterceptorsTest extends ClientTestSupport {

    private HttpServer echoServer() {
        return server(request -> request.response().send("trace=" + request.headers().all("x-trace")
                + " spi=" + request.headers().get("x-spi", "-")));
    }

    private static Interceptor tag(String value, int order, List<String> log) {
        return new Interceptor() {
            @Override
            public CompletionStage<HttpResponse> intercept(Chain chain) {
                log.add("before " + value);
                return chain.proceed(chain.request().withHeader("X-Trace",
                                String.join(",", chain.request().headers().all("X-Trace")) + value))
                        .thenApply(response -> {
                            log.add("after " + value);
                            return response;
                        });
            }

            @Override
            public int order() {
                return order;
            }
        };
    }

    @Test
    void interceptorsRunInOrderAroundTheCall() {
        HttpServer server = echoServer();
        List<String> log = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().interceptor(tag("b", 2, log)).interceptor(tag("a", 1, log))
                .interceptor(tag("c", 2, log)));

        assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("trace=[abc] spi=-");
        assertThat(log).containsExactly("before a", "before b", "before c", "after c", "after b", "after a");
    }

    @Test
    void serviceLoaderInterceptorsAreAddedByDefault() {
        HttpServer server = echoServer();
        BriskClient client = client(BriskClient.builder().options(o -> o.ioThreads(1)));

        assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("trace=[] spi=loaded");
        assertThat(client.options().interceptors()).hasAtLeastOneElementOfType(SpiProbeInterceptor.class);
    }

    @Test
    void anInterceptorThatReturnsNullFailsTheCallNamingIt() {
        HttpServer server = echoServer();
        Interceptor broken = new Interceptor() {
            @Override
            public CompletionStage<HttpResponse> intercept(Chain chain) {
                return null;
            }

            @Override
            public String toString() {
                return "BrokenInterceptor";
            }
        };
        BriskClient client = client(clientBuilder().interceptor(broken));

        assertThatThrownBy(() -> client.get(url(server, "/")).send())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("interceptor returned null: BrokenInterceptor");
    }

    @Test
    void anInterceptorMayProceedMoreThanOnce() {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = server(request -> request.response()
                .status(calls.incrementAndGet() == 1 ? 503 : 200).send("attempt " + calls.get()));
        Interceptor retryOn503 = chain -> chain.proceed(chain.request()).thenCompose(response ->
                response.status() == 503 ? chain.proceed(chain.request()) : CompletableFuture.completedFuture(response));
        BriskClient client = client(clientBuilder().interceptor(retryOn503));

        HttpResponse response = client.get(url(server, "/")).send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsString()).isEqualTo("attempt 2");
    }

    @Test
    void failingInterceptorFailsTheCall() {
        BriskClient client = client(clientBuilder().interceptor(chain -> {
            throw new IllegalStateException("refused by policy");
        }));
        assertThat(failure(client.get("http://127.0.0.1:1/").execute())).isInstanceOf(IllegalStateException.class)
                .hasMessage("refused by policy");
    }

    @Test
    void cancellingThroughInterceptorsAbortsTheCall() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> received.countDown());
        BriskClient client = client(clientBuilder().interceptor(chain -> chain.proceed(chain.request())));
        CompletableFuture<HttpResponse> future = client.get(url(server, "/")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();

        future.cancel(true);
        assertThatThrownBy(future::join).isInstanceOf(CancellationException.class);
        await(() -> server.metrics().openConnections() == 0, "the connection to close");
    }

    /** A future an interceptor makes for one caller, following the stage {@code proceed} gave it. */
    private static final class OwnFuture extends CompletableFuture<HttpResponse> implements Interceptor.CallerFuture {
        volatile CompletableFuture<HttpResponse> sent;
    }

    @Test
    void aCallerFutureGoesToTheCallerAsItIsAndDecidesWhatCancellingMeans() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> received.countDown());
        List<OwnFuture> made = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().interceptor(chain -> {
            OwnFuture own = new OwnFuture();
            own.sent = chain.proceed(chain.request()).toCompletableFuture();
            own.sent.whenComplete((response, failure) -> {
                if (failure != null) {
                    own.completeExceptionally(failure);
                } else {
                    own.complete(response);
                }
            });
            made.add(own);
            return own;
        }));
        CompletableFuture<HttpResponse> future = client.get(url(server, "/")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(future).isSameAs(made.get(0));

        future.cancel(true); // this interceptor does not pass it on: the request stays open
        Thread.sleep(200);
        assertThat(server.metrics().openConnections()).isEqualTo(1);

        made.get(0).sent.cancel(true); // cancelling the stage proceed returned aborts the request
        await(() -> server.metrics().openConnections() == 0, "the connection to close");
    }

    /** Records what a listener given to {@code proceed} is told, and on which thread. */
    private static final class Outcomes implements BiConsumer<HttpResponse, Throwable> {
        final List<Object> told = new CopyOnWriteArrayList<>();

        @Override
        public void accept(HttpResponse response, Throwable failure) {
            told.add(failure != null ? failure : response.bodyAsString());
        }
    }

    @Test
    void aListenerGivenToProceedIsToldTheOutcomeOnceWhereverItsPositionInTheChain() throws Exception {
        HttpServer server = echoServer();
        Outcomes last = new Outcomes();
        Outcomes before = new Outcomes();
        BriskClient client = client(clientBuilder()
                .interceptor(new Interceptor() {
                    @Override
                    public CompletionStage<HttpResponse> intercept(Chain chain) {
                        return chain.proceed(chain.request(), before); // another interceptor follows
                    }

                    @Override
                    public int order() {
                        return 1;
                    }
                })
                .interceptor(new Interceptor() {
                    @Override
                    public CompletionStage<HttpResponse> intercept(Chain chain) {
                        return chain.proceed(chain.request(), last); // the last position: the network
                    }

                    @Override
                    public int order() {
                        return 2;
                    }
                }));

        assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("trace=[] spi=-");
        // at the last position the listener is told before the stage completes; before it, as whenComplete would
        assertThat(last.told).containsExactly("trace=[] spi=-");
        await(() -> before.told.size() == 1, "the first listener");
        assertThat(before.told).containsExactly("trace=[] spi=-");
        assertThat(failure(client.get("http://127.0.0.1:1/").execute())).isNotNull();
        await(() -> before.told.size() == 2, "the first listener");
        assertThat(last.told).hasSize(2).last().isInstanceOf(ClientConnectException.class);
        assertThat(before.told).hasSize(2).last().isInstanceOf(ClientConnectException.class);
    }

    @Test
    void cancellingTheStageProceedReturnedTellsItsListenerOnceAndAbortsTheRequest() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> received.countDown());
        Outcomes outcomes = new Outcomes();
        List<CompletableFuture<HttpResponse>> sent = new CopyOnWriteArrayList<>();
        BriskClient client = client(clientBuilder().interceptor(chain -> {
            CompletableFuture<HttpResponse> stage = chain.proceed(chain.request(), outcomes).toCompletableFuture();
            sent.add(stage);
            return stage;
        }));
        client.get(url(server, "/")).execute();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();

        assertThat(sent.get(0).cancel(true)).isTrue();
        assertThat(sent.get(0).cancel(true)).isTrue(); // as for any CompletableFuture, once cancelled
        assertThat(sent.get(0).complete(null)).isFalse();
        await(() -> server.metrics().openConnections() == 0, "the connection to close");
        assertThat(outcomes.told).hasSize(1).first().isInstanceOf(CancellationException.class);
    }
}
