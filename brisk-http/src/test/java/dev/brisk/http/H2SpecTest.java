package dev.brisk.http;

import dev.brisk.http.testing.Tools;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The h2spec conformance suite, every test, against a cleartext (h2c) port and a TLS port. */
class H2SpecTest {

    private static final HttpHandler HANDLER = request -> request.response().send("h2spec " + request.path());

    @Test
    void cleartextPortPassesEveryTest() throws Exception {
        String h2spec = Tools.require("h2spec");
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(HANDLER).start()) {
            assertPasses(Tools.run(300, h2spec, "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-o", "5"));
        }
    }

    @Test
    void tlsPortPassesEveryTest() throws Exception {
        String h2spec = Tools.require("h2spec");
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .handler(HANDLER).start()) {
            assertPasses(Tools.run(300, h2spec, "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-t", "-k",
                    "-o", "5"));
        }
    }

    private static void assertPasses(Tools.Result result) {
        assertThat(result.output()).as(result.output()).containsPattern("\\d+ tests, \\d+ passed, \\d+ skipped, 0 failed");
        assertThat(result.exitCode()).as(result.output()).isZero();
    }
}
