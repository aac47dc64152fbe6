package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Frames over the size limit fail their call with a message naming size and limit; the connection lives on. */
class FrameLimitTest {

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

    private EchoService connect(int serverLimit, int clientLimit) {
        server = RpcServer.builder().host("127.0.0.1").options(o -> o.maxFrameSize(serverLimit))
                .service(EchoService.class, new EchoServiceImpl()).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).options(o -> o.maxFrameSize(clientLimit)
                .connectionsPerProvider(1)).build();
        return client.proxy(EchoService.class);
    }

    @Test
    void aRequestOverTheServersLimitIsAnsweredWithAnError() {
        EchoService echo = connect(LIMIT, 16 * LIMIT);
        assertThatThrownBy(() -> echo.size(new byte[2 * LIMIT]))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("exceeds the server's frame size limit of " + LIMIT + " bytes")
                .hasMessageMatching("request of \\d+ bytes.*");
        assertThat(echo.size(new byte[LIMIT / 2])).isEqualTo(LIMIT / 2);
    }

    @Test
    void aRequestOverTheClientsLimitIsNotSent() {
        EchoService echo = connect(16 * LIMIT, LIMIT);
        assertThatThrownBy(() -> echo.size(new byte[2 * LIMIT]))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("exceeds the frame size limit of " + LIMIT + " bytes");
        assertThat(echo.size(new byte[10])).isEqualTo(10);
    }

    @Test
    void aResponseOverTheServersLimitIsReplacedByAnError() {
        EchoService echo = connect(LIMIT, 16 * LIMIT);
        assertThatThrownBy(() -> echo.payload(2 * LIMIT))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("response of").hasMessageContaining("limit of " + LIMIT + " bytes");
        assertThat(echo.payload(100)).hasSize(100);
    }

    @Test
    void aResponseOverTheClientsLimitFailsItsCallOnly() {
        EchoService echo = connect(16 * LIMIT, LIMIT);
        assertThatThrownBy(() -> echo.payload(3 * LIMIT))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("response from").hasMessageContaining("limit of " + LIMIT + " bytes");
        assertThat(echo.payload(100)).hasSize(100);
        assertThat(server.connections()).isEqualTo(1);
    }
}
