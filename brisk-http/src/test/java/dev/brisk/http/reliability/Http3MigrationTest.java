package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.Tools;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * QUIC connection migration is off unless asked for: the server sends the disable_active_migration transport
 * parameter (RFC 9000 section 18.2), so a client may not move an established connection to a new address. Read by
 * another QUIC implementation, Python's aioquic ({@code http3/transport_parameters.py}; skipped, saying why, when
 * python3 or aioquic is missing), as Netty's client reports the parameter wrongly.
 */
class Http3MigrationTest {

    private static String python;
    private static Path script;

    @BeforeAll
    static void tools() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        python = Tools.require("python3");
        Tools.Result probe = Tools.run(30, python, "-c", "import aioquic");
        assumeTrue(probe.exitCode() == 0, "aioquic is not installed for " + python + " (pip install aioquic): "
                + probe.output().strip());
        script = Path.of(Objects.requireNonNull(Http3MigrationTest.class.getResource(
                "/http3/transport_parameters.py")).toURI());
    }

    @ParameterizedTest(name = "activeMigration({0})")
    @ValueSource(booleans = {false, true})
    void disableActiveMigrationIsSentUnlessMigrationIsOn(boolean activeMigration) throws Exception {
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .options(o -> o.http3(h -> h.enabled(true).activeMigration(activeMigration)))
                .handler(request -> request.response().send("ok"))
                .start();
        Tools.Result result;
        try {
            result = Tools.run(60, python, script.toString(), "127.0.0.1", String.valueOf(server.http3Port()));
        } finally {
            server.close();
        }
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("disable_active_migration " + (activeMigration ? "False" : "True"));
        if (!activeMigration) {
            ReliabilityReport.record("HTTP/3 attacks", "Http3MigrationTest.disableActiveMigrationIsSentUnless"
                            + "MigrationIsOn", "QUIC connection migration is off by default: the server sends "
                            + "disable_active_migration", "aioquic read disable_active_migration True");
        }
    }
}
