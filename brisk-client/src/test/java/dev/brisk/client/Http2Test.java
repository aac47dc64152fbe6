package dev.brisk.client;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** HTTP/2 over TLS (ALPN) and cleartext (prior knowledge, upgrade) against brisk-http's server. */
class Http2Test extends ClientTestSupport {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final HttpHandler ECHO = request -> request.response()
            .header("x-protocol", request.protocol().name())
            .header("content-type", "text/plain")
            .send(request.method() + " " + request.path() + " " + request.bodyAsString());

    private BriskClient h2cClient() {
        return client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)));
    }

    @Test
    void getAndPostOverH2cPriorKnowledge() {
        HttpServer server = server(ECHO);
        BriskClient client = h2cClient();

        HttpResponse get = client.get(url(server, "/a")).query("q", 1).send();
        HttpResponse post = client.post(url(server, "/b")).body("payload").send();

        assertThat(get.header("x-protocol")).contains("HTTP_2");
        assertThat(get.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(get.bodyAsString()).isEqualTo("GET /a ");
        assertThat(post.bodyAsString()).isEqualTo("POST /b payload");
        assertThat(server.metrics().openConnections(Protocol.HTTP_2)).isEqualTo(1);
    }

    @Test
    void getAndPostOverTlsWithAlpn() {
        HttpServer server = server(HttpServer.builder().tls(TlsOptions.of(CERTIFICATE.privateKey(),
                CERTIFICATE.certificate())), ECHO);
        BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H2))
                .tls(TlsOptions.builder().trustCertificates(CERTIFICATE.certificate()).build()));

        HttpResponse response = client.post("https://localhost:" + server.port() + "/t").body("x".repeat(200_000))
                .send();

        assertThat(response.header("x-protocol")).contains("HTTP_2");
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(response.bodyAsString()).isEqualTo("POST /t " + "x".repeat(200_000));
        try (StreamedResponse streamed = client.get("https://localhost:" + server.port() + "/s").executeStreamed()
                .toCompletableFuture().join()) {
            assertThat(streamed.protocol()).isEqualTo(Protocol.HTTP_2);
            assertThat(streamed.bodyAsString()).isEqualTo("GET /s ");
        }
    }

    @Test
    void largeAndCompressedResponsesArriveWhole() {
        String big = "0123456789".repeat(50_000);
        HttpServer server = server(request -> request.response().header("content-type", "text/plain").send(big));
        BriskClient client = h2cClient();

        assertThat(client.get(url(server, "/big")).send().bodyAsString()).isEqualTo(big);
    }

    @Test
    void concurrentRequestsShareOneConnection() {
        HttpServer server = server(request -> scheduler.schedule(() -> ECHO.handle(request), 50,
                TimeUnit.MILLISECONDS));
        BriskClient client = h2cClient();

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(client.get(url(server, "/c" + i)).execute().toCompletableFuture());
        }
        for (int i = 0; i < 50; i++) {
            assertThat(calls.get(i).join().bodyAsString()).isEqualTo("GET /c" + i + " ");
        }
        assertThat(server.metrics().openConnections(Protocol.HTTP_2)).isEqualTo(1);
    }

    @Test
    void serverStreamLimitOpensMoreConnections() {
        HttpServer server = server(HttpServer.builder().options(o -> o.http2(Http2Options.builder()
                .maxConcurrentStreams(4)
                .build())),
                request -> scheduler.schedule(() -> ECHO.handle(request), 200, TimeUnit.MILLISECONDS));
        BriskClient client = h2cClient();

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(client.get(url(server, "/s" + i)).execute().toCompletableFuture());
        }
        for (int i = 0; i < 20; i++) {
            assertThat(calls.get(i).join().status()).isEqualTo(200);
        }
        assertThat(server.metrics().openConnections(Protocol.HTTP_2)).isGreaterThan(1);
    }

    @Test
    void callsWaitingForAStreamGetOneAsStreamsEnd() {
        HttpServer server = server(HttpServer.builder().options(o -> o.http2(Http2Options.builder()
                .maxConcurrentStreams(2)
                .build())),
                request -> scheduler.schedule(() -> ECHO.handle(request), 20, TimeUnit.MILLISECONDS));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)
                .protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE).retryPolicy(RetryPolicy.NONE)));

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(client.get(url(server, "/w" + i)).execute().toCompletableFuture());
        }
        for (int i = 0; i < 10; i++) {
            assertThat(calls.get(i).join().bodyAsString()).isEqualTo("GET /w" + i + " ");
        }
        assertThat(server.metrics().openConnections(Protocol.HTTP_2)).isEqualTo(1);
    }

    @Test
    void readTimeoutResetsTheStreamNotTheConnection() {
        HttpServer server = server(request -> {
            if (request.path().equals("/slow")) {
                scheduler.schedule(() -> ECHO.handle(request), 3, TimeUnit.SECONDS);
            } else {
                ECHO.handle(request);
            }
        });
        BriskClient client = h2cClient();
        assertThat(client.get(url(server, "/warm")).send().status()).isEqualTo(200);

        CompletableFuture<HttpResponse> slow = client.get(url(server, "/slow"))
                .readTimeout(Duration.ofMillis(300)).retryPolicy(RetryPolicy.NONE).execute().toCompletableFuture();
        HttpResponse fast = client.get(url(server, "/fast")).send();

        assertThat(fast.bodyAsString()).isEqualTo("GET /fast ");
        assertThat(failure(slow)).isInstanceOf(ClientReadTimeoutException.class);
        assertThat(client.get(url(server, "/after")).send().bodyAsString()).isEqualTo("GET /after ");
        assertThat(server.metrics().openConnections()).isEqualTo(1);
    }

    @Test
    void h2cUpgradeSwitchesToHttp2() {
        HttpServer server = server(ECHO);
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_UPGRADE)));

        HttpResponse first = client.post(url(server, "/u")).body("one").send();
        HttpResponse second = client.get(url(server, "/v")).send();

        assertThat(first.header("x-protocol")).contains("HTTP_2");
        assertThat(first.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(first.bodyAsString()).isEqualTo("POST /u one");
        assertThat(second.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(second.bodyAsString()).isEqualTo("GET /v ");
        assertThat(server.metrics().openConnections(Protocol.HTTP_2)).isEqualTo(1);
    }

    @Test
    void refusedUpgradeFallsBackToHttp11() {
        HttpServer server = server(HttpServer.builder().options(o -> o.http2(Http2Options.DISABLED)), ECHO);
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_UPGRADE)));

        HttpResponse response = client.post(url(server, "/r")).body("plain").send();

        assertThat(response.header("x-protocol")).contains("HTTP_1_1");
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(response.bodyAsString()).isEqualTo("POST /r plain");
        assertThat(client.get(url(server, "/again")).send().bodyAsString()).isEqualTo("GET /again ");
    }

    @Test
    void streamsAboveGoAwayAreRetriedOnANewConnection() throws Exception {
        GoAwayServer server = closeLater(new GoAwayServer());
        BriskClient client = h2cClient();
        String base = "http://127.0.0.1:" + server.port();

        CompletableFuture<HttpResponse> held = client.get(base + "/hold").execute().toCompletableFuture();
        await(() -> server.connections() == 1, "the first connection");
        HttpResponse refused = client.post(base + "/refuse").body("once").send();

        assertThat(held.join().bodyAsString()).isEqualTo("held");
        assertThat(refused.bodyAsString()).isEqualTo("/refuse");
        assertThat(server.connections()).isEqualTo(2);
    }

    @Test
    void streamsAboveGoAwayFailTypedWithoutRetries() throws Exception {
        GoAwayServer server = closeLater(new GoAwayServer());
        BriskClient client = h2cClient();
        String base = "http://127.0.0.1:" + server.port();

        CompletableFuture<HttpResponse> held = client.get(base + "/hold").execute().toCompletableFuture();
        await(() -> server.connections() == 1, "the first connection");
        Throwable failure = failure(client.post(base + "/refuse").retryPolicy(RetryPolicy.NONE).execute());

        assertThat(held.join().bodyAsString()).isEqualTo("held");
        assertThat(failure).isInstanceOf(StreamRefusedException.class);
        assertThat(((HttpClientException) failure).requestSent()).isFalse();
    }
}
