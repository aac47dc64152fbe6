package dev.brisk.transport;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TransportsTest {

    @Test
    void autoPicksThePlatformsNativeTransportButNeverIoUring() {
        Transport resolved = Transports.resolve(Transport.AUTO);
        assertThat(resolved).isNotEqualTo(Transport.AUTO).isNotEqualTo(Transport.IO_URING);
        Transport expected = Transports.isAvailable(Transport.EPOLL) ? Transport.EPOLL
                : Transports.isAvailable(Transport.KQUEUE) ? Transport.KQUEUE : Transport.NIO;
        assertThat(resolved).isEqualTo(expected);
    }

    @Test
    void theSystemPropertyDecidesWhatAutoMeans() {
        withTransportProperty("nio", () -> assertThat(Transports.resolve(Transport.AUTO)).isEqualTo(Transport.NIO));
        withTransportProperty(" NIO ", () -> assertThat(Transports.resolve(Transport.AUTO)).isEqualTo(Transport.NIO));
        withTransportProperty("auto", () -> assertThat(Transports.resolve(Transport.AUTO))
                .isNotEqualTo(Transport.AUTO));
        if (Transports.isAvailable(Transport.EPOLL)) {
            withTransportProperty("epoll", () -> assertThat(Transports.resolve(Transport.AUTO))
                    .isEqualTo(Transport.EPOLL));
        }
        if (Transports.isAvailable(Transport.IO_URING)) {
            withTransportProperty("io-uring", () -> assertThat(Transports.resolve(Transport.AUTO))
                    .isEqualTo(Transport.IO_URING));
        }
    }

    @Test
    void theSystemPropertyDoesNotOverrideATransportAskedForByName() {
        withTransportProperty("io_uring", () -> assertThat(Transports.resolve(Transport.NIO))
                .isEqualTo(Transport.NIO));
    }

    @Test
    void aBadSystemPropertyFailsNamingItAndTheValue() {
        withTransportProperty("fast", () -> assertThatThrownBy(() -> Transports.resolve(Transport.AUTO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(Transports.TRANSPORT_PROPERTY)
                .hasMessageContaining("'fast'"));
    }

    @Test
    void anUnavailableTransportInTheSystemPropertyFailsWithTheReason() {
        withTransportProperty("kqueue", () -> {
            if (!Transports.isAvailable(Transport.KQUEUE)) {
                assertThatThrownBy(() -> Transports.resolve(Transport.AUTO))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("KQUEUE transport is not available");
            }
        });
    }

    private static void withTransportProperty(String value, Runnable check) {
        String before = System.getProperty(Transports.TRANSPORT_PROPERTY);
        System.setProperty(Transports.TRANSPORT_PROPERTY, value);
        try {
            check.run();
        } finally {
            if (before == null) {
                System.clearProperty(Transports.TRANSPORT_PROPERTY);
            } else {
                System.setProperty(Transports.TRANSPORT_PROPERTY, before);
            }
        }
    }

    @Test
    void nioIsAlwaysThere() {
        assertThat(Transports.isAvailable(Transport.NIO)).isTrue();
        assertThat(Transports.serverChannel(Transport.NIO)).isEqualTo(NioServerSocketChannel.class);
        assertThat(Transports.socketChannel(Transport.NIO)).isEqualTo(NioSocketChannel.class);
    }

    @Test
    void anUnavailableTransportAskedForByNameFailsWithTheReason() {
        for (Transport transport : Transport.values()) {
            if (!Transports.isAvailable(transport)) {
                assertThatThrownBy(() -> Transports.resolve(transport)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining(transport + " transport is not available");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void groupsRunOnTheirTransportAndAreRecognised(Transport transport) throws Exception {
        if (!Transports.isAvailable(transport)) {
            return;
        }
        MultiThreadIoEventLoopGroup group = Transports.newGroup(transport, 2, "test-loop", true);
        try {
            assertThat(Transports.of(group)).isEqualTo(Transports.resolve(transport));
            Thread thread = group.next().submit(Thread::currentThread).get(5, TimeUnit.SECONDS);
            assertThat(thread.getName()).startsWith("test-loop");
            assertThat(thread.isDaemon()).isTrue();
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).sync();
        }
    }

    @Test
    void groupsOfUnknownKindsAreRefused() throws Exception {
        EventLoopGroup group = new DefaultEventLoopGroup(1);
        try {
            assertThatThrownBy(() -> Transports.of(group)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("DefaultEventLoopGroup");
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).sync();
        }
        MultiThreadIoEventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            assertThat(Transports.of(nio)).isEqualTo(Transport.NIO);
        } finally {
            nio.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).sync();
        }
    }

    @Test
    void threadCountMustBePositive() {
        assertThatThrownBy(() -> Transports.newGroup(Transport.NIO, 0, "x", true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
    }
}
