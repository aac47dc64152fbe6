package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Transports and threads: a shared group, NIO, no blocking on a loop, write timeout. */
class EventLoopsTest extends ClientTestSupport {

    @Test
    void runsOnASharedGroupAndLeavesItRunning() {
        HttpServer server = server(request -> request.response().send("shared"));
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("app-loop"),
                NioIoHandler.newFactory());
        try {
            BriskClient client = BriskClient.builder().options(o -> o.eventLoopGroup(group)).loadInterceptors(false)
                    .build();
            String thread = client.get(url(server, "/")).execute()
                    .thenApply(response -> response.bodyAsString() + " on " + Thread.currentThread().getName())
                    .toCompletableFuture().join();
            client.close();

            assertThat(thread).startsWith("shared on app-loop");
            assertThat(group.isShuttingDown()).isFalse();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void worksOnEveryTransportThisMachineHas(Transport transport) {
        assumeTrue(Transports.isAvailable(transport), transport + " is not available here");
        HttpServer server = server(request -> request.response().send("on " + transport));
        BriskClient client = client(clientBuilder().options(o -> o.transport(transport)));
        for (int i = 0; i < 3; i++) {
            assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("on " + transport);
        }
        byte[] large = new byte[3 * 1024 * 1024];
        HttpServer echo = server(request -> request.response().send(request.body().retain()));
        assertThat(client.post(url(echo, "/")).body(large).send().bodyAsBytes()).hasSize(large.length);
    }

    @Test
    void aSharedGroupOfAnyTransportIsRecognised() throws Exception {
        for (Transport transport : Transport.values()) {
            if (transport == Transport.AUTO || !Transports.isAvailable(transport)) {
                continue;
            }
            EventLoopGroup group = Transports.newGroup(transport, 1, "shared-" + transport, true);
            try {
                HttpServer server = server(request -> request.response().send("shared"));
                BriskClient client = client(clientBuilder().options(o -> o.eventLoopGroup(group)));
                assertThat(client.get(url(server, "/")).send().bodyAsString()).as(transport.toString())
                        .isEqualTo("shared");
            } finally {
                group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
        }
    }

    @Test
    void blockingSendOnAnEventLoopIsRefused() {
        HttpServer server = server(request -> request.response().send("x"));
        BriskClient client = client();
        Throwable failure = failure(client.get(url(server, "/")).execute()
                .thenApply(response -> client.get(url(server, "/")).send()));
        assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessageContaining("execute()");
    }

    @Test
    void serverThatStopsReadingTriggersTheWriteTimeout() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try (Socket socket = listener.accept()) {
                    socket.setReceiveBufferSize(4096);
                    InputStream in = socket.getInputStream();
                    in.readNBytes(16); // then never read again
                    Thread.sleep(10_000);
                } catch (IOException | InterruptedException ignored) {
                    // test over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            BriskClient client = client(clientBuilder().options(o -> o.writeTimeout(Duration.ofMillis(300))));
            byte[] body = new byte[64 * 1024 * 1024];

            long start = System.nanoTime();
            assertThat(failure(client.post("http://127.0.0.1:" + listener.getLocalPort() + "/").body(body).execute()))
                    .isInstanceOf(ClientWriteTimeoutException.class).hasMessageContaining("300 ms");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            acceptor.interrupt();
        }
    }
}
