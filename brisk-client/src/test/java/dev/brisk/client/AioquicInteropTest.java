package dev.brisk.client;

import dev.brisk.transport.QuicAvailability;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The client against an HTTP/3 server that shares no code with it: Python's aioquic (its H3 API), started from
 * {@code src/test/resources/h3/aioquic_server.py}. Skipped with the reason when python3 or aioquic is missing.
 */
class AioquicInteropTest extends ClientTestSupport {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static Process server;
    private static int port;

    @BeforeAll
    static void startAioquic(@TempDir Path directory) throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
        assumeTrue(aioquicInstalled(), "python3 with aioquic is not installed (pip install aioquic)");
        SelfSignedCertificate.PemFiles pem = CERTIFICATE.writePem(directory);
        Path script = directory.resolve("aioquic_server.py");
        try (var in = AioquicInteropTest.class.getResourceAsStream("/h3/aioquic_server.py")) {
            Files.copy(in, script);
        }
        server = new ProcessBuilder("python3", script.toString(), pem.certificate().toString(),
                pem.privateKey().toString()).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("aioquic server's first line").startsWith("PORT ");
        port = Integer.parseInt(line.substring(5).trim());
    }

    private static boolean aioquicInstalled() {
        try {
            Process probe = new ProcessBuilder("python3", "-c", "import aioquic").redirectErrorStream(true).start();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @AfterAll
    static void stopAioquic() throws InterruptedException {
        if (server != null) {
            server.destroy();
            server.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private BriskClient h3() {
        return client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3))
                .tls(TlsOptions.builder().trustCertificates(CERTIFICATE.certificate()).build()));
    }

    @Test
    void getsFromAioquic() {
        HttpResponse response = h3().get("https://127.0.0.1:" + port + "/hello").send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(response.headers().first("x-served-by")).contains("aioquic");
        assertThat(response.headers().first("x-authority")).contains("127.0.0.1:" + port);
        assertThat(response.bodyAsString()).isEqualTo("hello from aioquic");
    }

    @Test
    void postsToAioquicOnOneConnection() {
        BriskClient client = h3();
        for (int i = 0; i < 5; i++) {
            String body = "ping " + i + " " + "x".repeat(20_000);
            HttpResponse response = client.post("https://127.0.0.1:" + port + "/echo").body(body).send();
            assertThat(response.bodyAsString()).isEqualTo(body);
        }
        assertThat(client.poolStats()).allSatisfy(stats -> assertThat(stats.connections()).isLessThanOrEqualTo(2));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void downloadsAndUploadsSeveralMebibytes() {
        int size = 4 * 1024 * 1024;
        BriskClient client = h3();
        byte[] body = client.get("https://127.0.0.1:" + port + "/bytes?n=" + size).send().bodyAsBytes();
        assertThat(body).hasSize(size);
        for (int i = 0; i < size; i++) {
            if (body[i] != (byte) (i % 251)) {
                throw new AssertionError("byte " + i + " of the download differs");
            }
        }
        byte[] payload = new byte[size];
        for (int i = 0; i < size; i++) {
            payload[i] = (byte) (i * 31 + (i >>> 13));
        }
        HttpResponse echoed = client.post("https://127.0.0.1:" + port + "/echo").body(payload).send();
        assertThat(echoed.bodyAsBytes()).isEqualTo(payload);
    }

    @Test
    void answers404() {
        assertThat(h3().get("https://127.0.0.1:" + port + "/missing").send().status()).isEqualTo(404);
    }
}
