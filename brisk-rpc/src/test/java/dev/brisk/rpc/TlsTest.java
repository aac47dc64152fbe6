package dev.brisk.rpc;

import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Calls travel over TLS when both sides ask for it. */
class TlsTest {

    @Test
    void aCallOverTls() {
        try (RpcServer server = RpcServer.builder().host("127.0.0.1").tls(TlsOptions.selfSigned())
                .service(SlowService.class, new SlowServiceImpl("tls")).start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port())
                     .tls(TlsOptions.insecure()).build()) {
            assertThat(client.proxy(SlowService.class).quick("x")).isEqualTo("tls:x");
        }
    }
}
