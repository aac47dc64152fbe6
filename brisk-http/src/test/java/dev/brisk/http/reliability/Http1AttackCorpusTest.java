package dev.brisk.http.reliability;

import dev.brisk.http.HttpLimits;
import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.Http1Exchange;
import dev.brisk.http.testing.ReliabilityReport;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.TreeMap;

/**
 * Malicious and malformed HTTP/1.1 requests, one raw connection each: request smuggling, header injection, Host
 * abuse, oversize parts, bad versions, methods and targets, pipelined garbage. For every input the server must
 * answer the expected status (or nothing) and close the connection, the handler must see exactly the valid requests
 * of the input (each once) and never the malformed or smuggled ones, and a new connection must be served normally.
 */
class Http1AttackCorpusTest {

    /** How long the server has to answer and close; a connection still open after this counts as left open. */
    private static final int WAIT_MILLIS = 2000;
    private static final String AREA = "HTTP/1.1 attacks";

    private static HttpServer server;
    private static RequestLedger ledger;

    @BeforeAll
    static void start() {
        ledger = new RequestLedger();
        server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)
                .limits(HttpLimits.builder().maxBodySize(Http1AttackCorpus.MAX_BODY).build()))
                .handler(ledger)
                .start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http1AttackCorpus#cases")
    void attack(Http1AttackCorpus.Case attack) throws Exception {
        String measured = exchangeAndCheck(attack);
        ReliabilityReport.record(AREA, "Http1AttackCorpusTest.attack[" + attack.name() + "]",
                "HTTP/1.1 input '" + attack.name() + "' gets " + attack.expectedOutcome()
                        + "; only its valid requests reach the handler, once; the server keeps serving", measured);
    }

    /** The same checks over valid inputs: what the corpus rejects is rejected for its flaw, not by the harness. */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.brisk.http.reliability.Http1AttackCorpus#controls")
    void control(Http1AttackCorpus.Case valid) throws Exception {
        exchangeAndCheck(valid);
    }

    /**
     * Sends the input on a new connection, then a GET on another one, and checks the answers and the handler's
     * calls; returns what was measured.
     */
    private static String exchangeAndCheck(Http1AttackCorpus.Case input) throws Exception {
        int callsBefore = ledger.total();
        Http1Exchange.Result result = Http1Exchange.exchange(server.port(), input.bytes(), WAIT_MILLIS);
        int calls = ledger.total() - callsBefore;
        Map<String, Integer> expectedCalls = new TreeMap<>();
        input.answered().forEach(role -> expectedCalls.put(input.id(role), 1));

        String nextId = input.id("next");
        Http1Exchange.Result next = Http1Exchange.get(server.port(), "/?id=" + nextId, WAIT_MILLIS);
        Map<String, Integer> expectedWithNext = new TreeMap<>(expectedCalls);
        expectedWithNext.put(nextId, 1);

        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(result.describe()).as("answer to the input, then the connection")
                    .isEqualTo(input.expectedOutcome());
            softly.assertThat(result.responses()).filteredOn(r -> r.status() == 200)
                    .extracting(Http1Exchange.Response::body).as("bodies of the 200 responses")
                    .containsExactlyElementsOf(input.answered().stream().map(role -> "ok " + input.id(role)).toList());
            softly.assertThat(ledger.callsStartingWith(input.id(""))).as("handler calls by request id")
                    .isEqualTo(expectedWithNext);
            softly.assertThat(calls).as("handler calls of any request during the input")
                    .isEqualTo(expectedCalls.size());
            softly.assertThat(next.describe()).as("next request on a new connection").isEqualTo("200, close");
            softly.assertThat(next.responses()).extracting(Http1Exchange.Response::body)
                    .as("body of the next request").containsExactly("ok " + nextId);
        });
        return result.describe() + "; next connection " + next.describe() + "; handler calls " + calls;
    }
}
