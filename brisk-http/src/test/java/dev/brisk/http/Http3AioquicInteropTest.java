package dev.brisk.http;

import dev.brisk.http.testing.Tools;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Interoperability with another HTTP/3 implementation: Python's aioquic, driven by {@code http3/aioquic_client.py}
 * (skipped, saying why, when python3 or aioquic is missing: {@code pip install aioquic}).
 */
class Http3AioquicInteropTest {

    private static HttpServer server;
    private static String python;
    private static Path script;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        python = Tools.require("python3");
        Tools.Result probe = Tools.run(30, python, "-c", "import aioquic; print(aioquic.__version__)");
        assumeTrue(probe.exitCode() == 0, "aioquic is not installed for " + python + " (pip install aioquic): "
                + probe.output().strip());
        script = resource("/http3/aioquic_client.py");
        server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .options(o -> o.http3(h -> h.enabled(true)).serverHeader("brisk"))
                .handler(request -> request.response()
                        .header("x-protocol", request.protocol().text())
                        .send(request.method() + " " + request.uri() + " " + request.body().readableBytes()))
                .start();
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(Http3AioquicInteropTest.class.getResource(name), name).toURI());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Tools.Result request(String... args) throws Exception {
        String[] command = new String[args.length + 4];
        command[0] = python;
        command[1] = script.toString();
        command[2] = "127.0.0.1";
        command[3] = String.valueOf(server.http3Port());
        System.arraycopy(args, 0, command, 4, args.length);
        return Tools.run(60, command);
    }

    @Test
    void get() throws Exception {
        Tools.Result result = request("GET", "/hello?a=1");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("status 200", "protocol h3", "header x-protocol HTTP/3.0",
                "header server brisk", "body GET /hello?a=1 0");
    }

    @Test
    void postWithABodyOfManyPackets() throws Exception {
        Tools.Result result = request("POST", "/upload", String.valueOf(300_000));
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("status 200", "body POST /upload 300000");
    }
}
