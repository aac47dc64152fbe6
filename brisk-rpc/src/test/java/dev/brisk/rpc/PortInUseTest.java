package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A port already taken fails start() with an unchecked exception that names the address. */
class PortInUseTest {

    @Test
    void aTakenPortFailsWithAnUncheckedExceptionNamingIt() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> RpcServer.builder().options(o -> o.host("127.0.0.1")).port(port)
                    .service(EchoService.class, new EchoServiceImpl()).start())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + port);
        }
    }
}
