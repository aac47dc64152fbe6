package dev.brisk.benchmarks.serve;

import dev.brisk.client.BriskClient;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code serve reactor-netty --tls --http3} answers {@code GET /hello} and {@code POST /echo} over HTTP/3 on the UDP
 * port of the TLS port's number, and over h2 on the TLS port.
 */
class ServeReactorNettyTest {

    @Test
    void reactorNettyServesHttp3AndH2OnTheSamePortNumber() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        int port = ServeCommand.IMPLS.get("reactor-netty").get()
                .start(new ServeOptions(0, 1, true, true, Transport.AUTO));
        String origin = "https://127.0.0.1:" + port;
        byte[] payload = "x".repeat(1024).getBytes(StandardCharsets.US_ASCII);
        for (ProtocolPolicy policy : new ProtocolPolicy[] {ProtocolPolicy.H3, ProtocolPolicy.AUTO}) {
            try (BriskClient client = BriskClient.builder().loadInterceptors(false)
                    .options(o -> o.protocol(policy)).tls(TlsOptions.insecure()).build()) {
                HttpResponse hello = client.get(origin + "/hello").send();
                assertThat(hello.protocol()).isEqualTo(policy == ProtocolPolicy.H3 ? Protocol.HTTP_3 : Protocol.HTTP_2);
                assertThat(hello.bodyAsString()).isEqualTo("Hello, World!");
                HttpResponse echo = client.post(origin + "/echo").contentType("application/octet-stream")
                        .body(payload).send();
                assertThat(echo.status()).isEqualTo(200);
                assertThat(echo.bodyAsBytes()).isEqualTo(payload);
            }
        }
    }
}
