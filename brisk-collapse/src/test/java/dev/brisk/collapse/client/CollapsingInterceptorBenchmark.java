package dev.brisk.collapse.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;
import dev.brisk.client.RetryPolicy;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import io.netty.handler.codec.http.HttpMethod;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.concurrent.TimeUnit;

/**
 * What the collapsing interceptor adds to a request whose key nobody shares (the case where collapsing can only cost):
 * a GET with the headers a client sends, through the interceptor, against the same request passed straight on. The
 * network is a stub whose response arrives after the interceptor returned, as a real one does; 1,024 distinct URIs
 * in turn.
 *
 * <pre>bench/jmh.sh brisk-collapse CollapsingInterceptorBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CollapsingInterceptorBenchmark {

    private static final int REQUESTS = 1024;

    private final HttpRequest[] requests = new HttpRequest[REQUESTS];
    private final CollapsingInterceptor interceptor = CollapsingInterceptor.create();
    private final StubChain chain = new StubChain();
    private HttpResponse response;
    private int next;

    @Setup
    public void setUp() {
        HttpRequest.Settings settings = new HttpRequest.Settings(Duration.ofSeconds(30), Duration.ofSeconds(30),
                Duration.ZERO, false, 5, RetryPolicy.DEFAULT);
        for (int i = 0; i < REQUESTS; i++) {
            requests[i] = new HttpRequest(HttpMethod.GET, URI.create("http://10.0.0.7:8080/items/" + i + "?view=full"),
                    Headers.empty(), null, settings)
                    .withHeader("accept", "application/json")
                    .withHeader("user-agent", "brisk-client")
                    .withHeader("authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.user-" + (i % 16))
                    .withHeader("x-request-id", "req-" + i);
        }
        response = (HttpResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpResponse.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "status" -> 200;
                    case "protocol" -> Protocol.HTTP_1_1;
                    case "headers", "trailers" -> Headers.empty();
                    case "hashCode" -> 1;
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private HttpRequest nextRequest() {
        HttpRequest request = requests[next];
        next = (next + 1) & (REQUESTS - 1);
        return request;
    }

    /** The request passed on as the client does without the interceptor, its response arriving afterwards. */
    @Benchmark
    public Object direct() {
        chain.request = nextRequest();
        CompletionStage<HttpResponse> stage = chain.proceed(chain.request);
        chain.respond(response);
        return stage;
    }

    /** The same request through the collapsing interceptor. */
    @Benchmark
    public Object collapsing() {
        chain.request = nextRequest();
        CompletionStage<HttpResponse> stage = interceptor.intercept(chain);
        chain.respond(response);
        return stage;
    }

    /** The network: completes the last request when told to. */
    private static final class StubChain implements Interceptor.Chain {
        HttpRequest request;
        private CompletableFuture<HttpResponse> pending;
        private BiConsumer<? super HttpResponse, ? super Throwable> listener;

        @Override
        public HttpRequest request() {
            return request;
        }

        @Override
        public CompletionStage<HttpResponse> proceed(HttpRequest request) {
            pending = new CompletableFuture<>();
            listener = null;
            return pending;
        }

        @Override
        public CompletionStage<HttpResponse> proceed(HttpRequest request,
                                                     BiConsumer<? super HttpResponse, ? super Throwable> listener) {
            pending = new CompletableFuture<>();
            this.listener = listener;
            return pending;
        }

        void respond(HttpResponse response) {
            pending.complete(response);
            if (listener != null) {
                listener.accept(response, null);
            }
        }
    }
}
