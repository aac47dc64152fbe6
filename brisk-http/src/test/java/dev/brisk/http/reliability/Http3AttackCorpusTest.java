package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTTP/3 attack corpus ({@link Http3AttackCorpus}) against a server through real UDP sockets, one QUIC connection
 * a case. A malformed request goes on its own stream while a valid POST opened before it still waits for its body, and
 * a valid GET follows it: the malformed stream must end in a stream error (RESET_STREAM(H3_MESSAGE_ERROR) or a 4xx
 * response), the connection must stay open, both neighbours be answered 200, and the handler see them once each and
 * never the malformed one. What HTTP/3 makes a connection error closes the connection with the code the RFC names,
 * and the server serves the next connection.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Http3AttackCorpusTest {

    private static final String AREA = "HTTP/3 attacks";

    private static HttpServer server;
    private static RequestLedger ledger;

    @BeforeAll
    static void start() {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        ledger = new RequestLedger();
        server = HttpServer.builder().host("127.0.0.1").port(0).tls(TlsOptions.selfSigned())
                .options(o -> o.ioThreads(1).http3(h -> h.enabled(true)))
                .handler(ledger).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http3AttackCorpus#cases")
    void attack(Http3AttackCorpus.Case attack) throws Exception {
        Exchange exchange = Exchange.run(attack);
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(isStreamError(exchange.tested)).as("the malformed stream ends in a stream error: "
                    + "RESET_STREAM(H3_MESSAGE_ERROR) or a 4xx response; it got: %s", exchange.tested).isTrue();
            exchange.checkNeighbours(softly, attack, Map.of());
        });
        ReliabilityReport.record(AREA, "Http3AttackCorpusTest.attack[" + attack.name() + "]",
                "HTTP/3 request '" + attack.name() + "' is a stream error only: the streams opened before and after "
                        + "it on the same connection are answered, the handler never sees it",
                "malformed stream: " + exchange.tested + "; connection open; streams before/after 200/200; handler "
                        + "calls " + exchange.calls);
    }

    /** The same exchange with valid requests: what the corpus rejects is rejected for its flaw, not the harness. */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http3AttackCorpus#controls")
    void control(Http3AttackCorpus.Case valid) throws Exception {
        Exchange exchange = Exchange.run(valid);
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(exchange.tested).as("tested stream").hasToString("200 'ok " + valid.id("req") + "'");
            exchange.checkNeighbours(softly, valid, Map.of(valid.id("req"), 1));
        });
    }

    /** Frames of unknown types are ignored (RFC 9114 section 9), however long: the request is served. */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http3AttackCorpus#ignored")
    void unknownFramesAreIgnored(Http3AttackCorpus.Case input) throws Exception {
        Exchange exchange = Exchange.run(input);
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(exchange.tested).as("tested stream").hasToString("200 'ok " + input.id("req") + "'");
            exchange.checkNeighbours(softly, input, Map.of(input.id("req"), 1));
        });
        ReliabilityReport.record(AREA, "Http3AttackCorpusTest.unknownFramesAreIgnored[" + input.name() + "]",
                "HTTP/3 request with '" + input.name() + "': unknown frame types are ignored, the request served",
                "tested stream: " + exchange.tested);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http3AttackCorpus#connectionErrors")
    void connectionError(Http3AttackCorpus.ConnectionError attack) throws Exception {
        QuicConnectionCloseEvent close;
        boolean http3 = attack.where() != Http3AttackCorpus.Where.NEW_UNIDIRECTIONAL_STREAM;
        try (Http3TestClient client = http3 ? Http3TestClient.connect(server.http3Port())
                : Http3TestClient.connectWithoutHttp3(server.http3Port())) {
            switch (attack.where()) {
                case REQUEST_STREAM -> client.sendRaw(attack.bytes(), attack.fin());
                case CONTROL_STREAM -> Http3TestClient.writeRaw(client.controlStream(), attack.bytes(), attack.fin());
                case NEW_UNIDIRECTIONAL_STREAM, EXTRA_UNIDIRECTIONAL_STREAM ->
                        client.rawStream(QuicStreamType.UNIDIRECTIONAL, attack.bytes(), attack.fin());
            }
            close = client.closedByServer().get(5, TimeUnit.SECONDS);
        }
        assertThat(close.isApplicationClose()).as("closed by HTTP/3, not QUIC").isTrue();
        assertThat(Long.toHexString(close.error())).as("error code of CONNECTION_CLOSE")
                .isEqualTo(Long.toHexString(attack.errorCode()));
        String next;
        try (Http3TestClient other = Http3TestClient.connect(server.http3Port())) {
            next = other.get("/?id=next").toString();
        }
        assertThat(next).as("the next connection").isEqualTo("200 'ok next'");
        ReliabilityReport.record(AREA, "Http3AttackCorpusTest.connectionError[" + attack.name() + "]",
                "HTTP/3 '" + attack.name() + "' closes its connection with the error code of RFC 9114 / 9204, and "
                        + "the next connection is served",
                "CONNECTION_CLOSE 0x" + Long.toHexString(close.error()) + "; next connection " + next);
    }

    /**
     * One connection: a POST whose body is sent only after the request under test went out, the request under test,
     * then a GET.
     */
    private record Exchange(Http3TestClient.Response before, Http3TestClient.Response tested,
                            Http3TestClient.Response after, boolean open, int calls) {

        static Exchange run(Http3AttackCorpus.Case input) throws Exception {
            int callsBefore = ledger.total();
            try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
                CompletableFuture<Http3TestClient.Response> before = new CompletableFuture<>();
                QuicStreamChannel post = client.open("POST", "/?id=" + input.id("before"),
                        Map.of("x-id", input.id("before")), before);
                CompletableFuture<Http3TestClient.Response> tested = client.sendRaw(input.bytes(), true);
                post.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.copiedBuffer("body", StandardCharsets.UTF_8)))
                        .addListener(f -> post.shutdownOutput());
                CompletableFuture<Http3TestClient.Response> after = client.send("GET", "/?id=" + input.id("after"),
                        Map.of("x-id", input.id("after")), List.of());
                Http3TestClient.Response testedResponse = tested.get(10, TimeUnit.SECONDS);
                Http3TestClient.Response beforeResponse = before.get(10, TimeUnit.SECONDS);
                Http3TestClient.Response afterResponse = after.get(10, TimeUnit.SECONDS);
                Thread.sleep(20); // a connection error would have arrived with the responses
                return new Exchange(beforeResponse, testedResponse, afterResponse,
                        client.connection().isActive() && !client.closedByServer().isDone(),
                        ledger.total() - callsBefore);
            }
        }

        /** The connection survived, both neighbours were served, and the handler saw them and {@code tested}. */
        void checkNeighbours(SoftAssertions softly, Http3AttackCorpus.Case input, Map<String, Integer> tested) {
            String beforeId = input.id("before");
            String afterId = input.id("after");
            softly.assertThat(open).as("connection still open").isTrue();
            softly.assertThat(before).as("stream opened before").hasToString("200 'ok " + beforeId + "'");
            softly.assertThat(after).as("stream opened after").hasToString("200 'ok " + afterId + "'");
            Map<String, Integer> expected = new TreeMap<>(tested);
            expected.put(beforeId, 1);
            expected.put(afterId, 1);
            softly.assertThat(ledger.callsStartingWith(input.id(""))).as("handler calls by request id")
                    .isEqualTo(expected);
            softly.assertThat(calls).as("handler calls of any request during the exchange")
                    .isEqualTo(expected.size());
        }
    }

    /** A RESET_STREAM(H3_MESSAGE_ERROR) without a response, or a 4xx response. */
    private static boolean isStreamError(Http3TestClient.Response outcome) {
        if (outcome.status() >= 400 && outcome.status() < 500) {
            return true;
        }
        return outcome.status() < 0 && outcome.resetCode() == Http3AttackCorpus.H3_MESSAGE_ERROR;
    }
}
