package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import java.nio.charset.StandardCharsets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Deflated arguments and results over real sockets, and the frame limit applied to what they inflate to. */
class CompressionTest {

    private static final int LIMIT = 1024 * 1024;

    private RpcServer server;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private EchoService connect(int serverThreshold, int clientThreshold, int limit) {
        server = RpcServer.builder().host("127.0.0.1").options(o -> o.maxFrameSize(limit)
                .compressionThreshold(serverThreshold))
                .service(EchoService.class, new EchoServiceImpl()).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).options(o -> o.maxFrameSize(limit)
                .compressionThreshold(clientThreshold).connectionsPerProvider(1)).build();
        return client.proxy(EchoService.class);
    }

    @Test
    void largeArgumentsAndResultsTravelDeflatedAndSmallOnesAsTheyAre() {
        EchoService echo = connect(1024, 1024, LIMIT);
        byte[] text = "brisk ".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
        assertThat(echo.size(text)).isEqualTo(text.length);
        assertThat(echo.size(new byte[10])).isEqualTo(10);
        byte[] result = echo.payload(LIMIT / 2);
        assertThat(result).hasSize(LIMIT / 2);
        assertThat(result).containsOnly(0);
        assertThat(echo.payload(3)).hasSize(3);
    }

    @Test
    void aPeerThatDoesNotCompressStillReadsDeflatedBodies() {
        EchoService echo = connect(0, 1024, LIMIT);
        assertThat(echo.size(new byte[LIMIT / 2])).isEqualTo(LIMIT / 2);
        client.close();
        server.close();
        echo = connect(1024, 0, LIMIT);
        assertThat(echo.payload(LIMIT / 2)).hasSize(LIMIT / 2);
    }

    @Test
    void aDeflatedBodyThatInflatesBeyondTheLimitIsRefusedAndTheConnectionLivesOn() {
        EchoService echo = connect(1024, 1024, LIMIT);
        // a few kilobytes on the wire, two mebibytes once inflated
        assertThatThrownBy(() -> echo.size(new byte[2 * LIMIT]))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("inflated").hasMessageContaining("limit of " + LIMIT);
        assertThatThrownBy(() -> echo.payload(2 * LIMIT))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("inflated");
        byte[] ones = new byte[LIMIT / 4];
        Arrays.fill(ones, (byte) 1);
        assertThat(echo.size(ones)).isEqualTo(LIMIT / 4);
    }
}
