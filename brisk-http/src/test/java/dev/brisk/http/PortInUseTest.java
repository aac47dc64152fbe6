package dev.brisk.http;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A port already taken fails start() with an unchecked exception that names the address, and leaks no threads. */
class PortInUseTest {

    @Test
    void aTakenPortFailsWithAnUncheckedExceptionNamingIt() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            long before = briskThreads();
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> HttpServer.builder().host("127.0.0.1").port(port)
                        .handler(request -> request.response().send("x")).start())
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("cannot listen on 127.0.0.1:" + port);
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (briskThreads() > before && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(briskThreads()).as("event loop threads left running").isLessThanOrEqualTo(before);
        }
    }

    private static long briskThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("brisk-")).count();
    }
}
