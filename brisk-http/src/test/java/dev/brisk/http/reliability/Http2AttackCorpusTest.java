package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.RawH2Connection;
import dev.brisk.http.testing.ReliabilityReport;
import io.netty.handler.codec.http2.Http2Error;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.TreeMap;

/**
 * Malformed HTTP/2 requests (h2c by prior knowledge), one connection each. The malformed request goes on stream 3
 * while a valid POST on stream 1 is still open (its body follows afterwards), and a valid GET on stream 5 comes after
 * it. The server must answer the malformed stream with a stream error (RST_STREAM(PROTOCOL_ERROR) or a 4xx
 * response), never a connection error: no GOAWAY, streams 1 and 5 both answered 200; the handler sees streams 1 and
 * 5 once each and never stream 3.
 */
class Http2AttackCorpusTest {

    private static final int WAIT_MILLIS = 3000;
    private static final String AREA = "HTTP/2 attacks";

    private static HttpServer server;
    private static RequestLedger ledger;

    @BeforeAll
    static void start() {
        ledger = new RequestLedger();
        server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)).handler(ledger).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http2AttackCorpus#cases")
    void attack(Http2AttackCorpus.Case attack) throws Exception {
        Exchange exchange = Exchange.run(attack);
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(isStreamError(exchange.tested)).as("stream 3 (malformed) ends in a stream error: "
                    + "RST_STREAM(PROTOCOL_ERROR) or a 4xx response; it got: %s", exchange.tested).isTrue();
            exchange.checkNeighbours(softly, attack, Map.of());
        });
        ReliabilityReport.record(AREA, "Http2AttackCorpusTest.attack[" + attack.name() + "]",
                "HTTP/2 request '" + attack.name() + "' is a stream error only: the streams opened before and after "
                        + "it on the same connection are answered, the handler never sees it",
                "malformed stream: " + exchange.tested + "; no GOAWAY; streams before/after 200/200; handler calls "
                        + exchange.calls);
    }

    /** The same exchange with valid requests: what the corpus rejects is rejected for its flaw, not the harness. */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http2AttackCorpus#controls")
    void control(Http2AttackCorpus.Case valid) throws Exception {
        Exchange exchange = Exchange.run(valid);
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(exchange.tested).as("stream 3").hasToString("200 'ok " + valid.id("req") + "'");
            exchange.checkNeighbours(softly, valid, Map.of(valid.id("req"), 1));
        });
    }

    /**
     * One connection: a POST on stream 1 whose body is sent only after the request under test went out on stream 3,
     * then a GET on stream 5.
     */
    private record Exchange(RawH2Connection.StreamOutcome before, RawH2Connection.StreamOutcome tested,
                            RawH2Connection.StreamOutcome after, String goAway, boolean closed, int calls) {

        static Exchange run(Http2AttackCorpus.Case input) throws Exception {
            int callsBefore = ledger.total();
            try (RawH2Connection h2 = new RawH2Connection(server.port())) {
                h2.headers(1, false, Http2AttackCorpus.valid("POST", input.id("before")));
                input.send(h2, 3);
                h2.data(1, true, "body");
                h2.headers(5, true, Http2AttackCorpus.valid("GET", input.id("after")));
                h2.await(WAIT_MILLIS, 1, 3, 5);
                return new Exchange(h2.stream(1), h2.stream(3), h2.stream(5), h2.goAway(), h2.closed(),
                        ledger.total() - callsBefore);
            }
        }

        /** The connection survived, streams 1 and 5 were served, and the handler saw them and {@code tested}. */
        void checkNeighbours(SoftAssertions softly, Http2AttackCorpus.Case input, Map<String, Integer> tested) {
            String beforeId = input.id("before");
            String afterId = input.id("after");
            softly.assertThat(goAway).as("GOAWAY from the server").isNull();
            softly.assertThat(closed).as("connection closed by the server").isFalse();
            softly.assertThat(before).as("stream 1, opened before").hasToString("200 'ok " + beforeId + "'");
            softly.assertThat(after).as("stream 5, opened after").hasToString("200 'ok " + afterId + "'");
            Map<String, Integer> expected = new TreeMap<>(tested);
            expected.put(beforeId, 1);
            expected.put(afterId, 1);
            softly.assertThat(ledger.callsStartingWith(input.id(""))).as("handler calls by request id")
                    .isEqualTo(expected);
            softly.assertThat(calls).as("handler calls of any request during the exchange")
                    .isEqualTo(expected.size());
        }
    }

    /** A RST_STREAM(PROTOCOL_ERROR) without a response, or a 4xx response (a reset after it is allowed). */
    private static boolean isStreamError(RawH2Connection.StreamOutcome outcome) {
        if (outcome.status() >= 400 && outcome.status() < 500) {
            return outcome.finished();
        }
        return outcome.status() < 0 && outcome.resetCode() == Http2Error.PROTOCOL_ERROR.code();
    }
}
