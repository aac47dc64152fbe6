package dev.brisk.client.internal;

import dev.brisk.client.BriskClient;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.RetryPolicy;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Headers;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Pools of hosts no longer used are dropped, their connections closed. */
class PoolExpiryTest {

    @Test
    void unusedHostPoolExpires() throws Exception {
        HttpServer server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1))
                .handler(request -> request.response().send("ok")).start();
        ClientRuntime runtime = new ClientRuntime(BriskClient.builder().options(o -> o.ioThreads(2))
                .loadInterceptors(false)
                .options(o -> o.poolExpiry(Duration.ofMillis(500))).options());
        try {
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/");
            HttpRequest request = new HttpRequest(HttpMethod.GET, uri, Headers.empty(), null,
                    new HttpRequest.Settings(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ZERO, true, 5,
                            RetryPolicy.DEFAULT));
            assertThat(runtime.execute(request).toCompletableFuture().join().bodyAsString()).isEqualTo("ok");
            assertThat(runtime.openConnections(uri)).isEqualTo(1);

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while ((runtime.registry().find(Origins.key(uri)) != null || server.metrics().openConnections() > 0)
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(runtime.registry().find(Origins.key(uri))).isNull();
            assertThat(server.metrics().openConnections()).isZero();

            HttpRequest again = new HttpRequest(HttpMethod.GET, uri, Headers.empty(), null,
                    request.settings());
            assertThat(runtime.execute(again).toCompletableFuture().join().bodyAsString()).isEqualTo("ok");
        } finally {
            runtime.close();
            server.closeNow();
        }
    }
}
