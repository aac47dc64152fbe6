package dev.brisk.http.internal.http3;

import dev.brisk.http.Http3Options;
import dev.brisk.http.ServerOptions;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.ConnectionRateLimiter;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.QuicTlsContexts;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http3.DefaultHttp3SettingsFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.http3.Http3Settings;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicCodecDispatcher;
import io.netty.handler.codec.quic.QuicConnectionIdGenerator;
import io.netty.handler.codec.quic.QuicServerCodecBuilder;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.concurrent.EventExecutor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The UDP sockets that serve HTTP/3: Netty's QUIC codec with the server's TLS identity (TLS 1.3, ALPN {@code h3}),
 * QUIC transport parameters from {@link Http3Options} and the server's limits, and per connection the same
 * admission as TCP (connection limit and rate, refused while draining). On epoll and io_uring, one socket per event
 * loop shares the port ({@code SO_REUSEPORT}): the kernel spreads new connections over the loops by their addresses,
 * and each packet goes to the loop that owns its connection, found from the connection ID the server chose (which
 * names its socket), whichever socket the kernel delivered it to. Elsewhere one socket, on one loop.
 */
public final class Http3Listener {

    /**
     * Socket buffers of the UDP socket: every connection's packets share it, and datagrams that find the receive
     * buffer full are dropped (and then resent after QUIC's loss detection, at a lower rate). The kernel caps the size
     * at {@code net.core.rmem_max} / {@code wmem_max}.
     */
    private static final int SOCKET_BUFFER = 4 * 1024 * 1024;

    /**
     * How far past the server's header size limit a field section may decode before Netty's codec closes the
     * connection (H3_EXCESSIVE_LOAD), as a multiple of the limit. {@link RequestStreamFilter} keeps encoded sections
     * within the limit, so only QPACK's expansion gets here: up to this bound a section over the limit gets 431 (2,000
     * one-byte fields, 32 bytes of overhead each, decode to about 8.5 times their encoding); past it the section is a
     * decompression bomb. It is the SETTINGS_MAX_FIELD_SECTION_SIZE announced, as the codec uses that value.
     */
    private static final long DECODED_SECTION_FACTOR = 16;

    private final List<Channel> channels;
    private final int port;

    private Http3Listener(List<Channel> channels) {
        this.channels = channels;
        this.port = ((InetSocketAddress) channels.get(0).localAddress()).getPort();
    }

    /**
     * Binds {@code host:port} (0 for an ephemeral port) on the loops of {@code group} (one socket per loop where the
     * transport lets sockets share a port, else one); fails naming the cause when QUIC is not available or the TLS
     * options cannot serve it.
     */
    public static Http3Listener bind(ServerContext server, TlsOptions tls, EventLoopGroup group, Transport transport,
                                     String host, int port) {
        QuicAvailability.ensureAvailable("HTTP/3");
        QuicSslContext ssl = QuicTlsContexts.forServer(tls, List.of(Http3.supportedApplicationProtocols()),
                server.options().http3().earlyData());
        Bootstrap bootstrap = new Bootstrap()
                .channel(Transports.datagramChannel(transport))
                .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER)
                .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER);
        List<EventLoop> loops = loops(group);
        if (loops.size() == 1 || !Transports.datagramPortSharing(transport)) {
            Channel channel = bootstrap.group(group).handler(codec(server, ssl).build())
                    .bind(host, port).syncUninterruptibly().channel();
            return new Http3Listener(List.of(channel));
        }
        ensureFree(host, port);
        bootstrap.option(Transports.reusePort(), true).handler(new ConnectionDispatcher(server, ssl));
        List<Channel> channels = new ArrayList<>(loops.size());
        try {
            int bound = port;
            for (EventLoop loop : loops) {
                Channel channel = bootstrap.clone(loop).bind(host, bound).syncUninterruptibly().channel();
                channels.add(channel);
                bound = ((InetSocketAddress) channel.localAddress()).getPort();
            }
        } catch (RuntimeException e) {
            channels.forEach(Channel::close);
            throw e;
        }
        return new Http3Listener(List.copyOf(channels));
    }

    /** The UDP port bound. */
    public int port() {
        return port;
    }

    /** How many sockets share the port (one per event loop on epoll and io_uring). */
    public int sockets() {
        return channels.size();
    }

    /** Closes the sockets: call once the QUIC connections are closed, as their last packets leave through them. */
    public void close() {
        channels.forEach(channel -> channel.close().syncUninterruptibly());
    }

    /**
     * Fails when another socket holds {@code port}: sockets that share a port would otherwise quietly share it with
     * another server of the same user that did the same, each getting part of the other's packets.
     */
    private static void ensureFree(String host, int port) {
        if (port == 0) {
            return;
        }
        try (DatagramChannel probe = DatagramChannel.open()) {
            probe.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private static List<EventLoop> loops(EventLoopGroup group) {
        List<EventLoop> loops = new ArrayList<>();
        for (EventExecutor executor : group) {
            loops.add((EventLoop) executor);
        }
        return loops;
    }

    /** Netty's QUIC codec with the server's TLS, transport parameters and connection set-up; built once per socket. */
    private static QuicServerCodecBuilder codec(ServerContext server, QuicSslContext ssl) {
        ServerOptions options = server.options();
        Http3Options http3 = options.http3();
        return Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(options.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(http3.initialMaxData())
                .initialMaxStreamDataBidirectionalRemote(http3.initialMaxStreamData())
                .initialMaxStreamDataBidirectionalLocal(http3.initialMaxStreamData())
                .initialMaxStreamsBidirectional(http3.maxConcurrentStreams())
                .activeMigration(http3.activeMigration())
                .handler(new ConnectionInitializer(server));
    }

    /**
     * Gives each socket sharing the port a codec of its own whose connection IDs name that socket, and hands every
     * packet to the codec of the connection it belongs to, whichever socket the kernel delivered it to.
     */
    private static final class ConnectionDispatcher extends QuicCodecDispatcher {

        private final ServerContext server;
        private final QuicSslContext ssl;

        ConnectionDispatcher(ServerContext server, QuicSslContext ssl) {
            this.server = server;
            this.ssl = ssl;
        }

        @Override
        protected void initChannel(Channel channel, int localConnectionIdLength, QuicConnectionIdGenerator ids) {
            channel.pipeline().addLast(codec(server, ssl)
                    .localConnectionIdLength(localConnectionIdLength)
                    .connectionIdAddressGenerator(ids)
                    .build());
        }
    }

    /** Admits a new QUIC connection, then sets up HTTP/3 on it. */
    private static final class ConnectionInitializer extends ChannelInitializer<QuicChannel> {

        private final ServerContext server;
        private final DefaultHttp3SettingsFrame settings;
        private final int maxHeaderSize;

        ConnectionInitializer(ServerContext server) {
            this.server = server;
            this.maxHeaderSize = server.options().limits().maxHeaderSize();
            Http3Options http3 = server.options().http3();
            this.settings = new DefaultHttp3SettingsFrame(new Http3Settings()
                    .maxFieldSectionSize(server.options().limits().maxHeaderSize() * DECODED_SECTION_FACTOR)
                    .qpackMaxTableCapacity(http3.qpackMaxTableCapacity())
                    .qpackBlockedStreams(http3.qpackBlockedStreams()));
        }

        @Override
        protected void initChannel(QuicChannel channel) {
            ConnectionRateLimiter rate = server.connectionRate();
            if (server.draining() || rate != null && !rate.tryAcquire() || !server.tracker().tryOpen(channel)) {
                channel.close();
                return;
            }
            server.tracker().protocolSelected(channel, Protocol.HTTP_3);
            Http3Connection connection = new Http3Connection(server);
            channel.pipeline().addLast(connection, new Http3ServerConnectionHandler(
                    new ChannelInitializer<QuicStreamChannel>() {
                        @Override
                        protected void initChannel(QuicStreamChannel stream) {
                            stream.pipeline().addFirst(new RequestStreamFilter(maxHeaderSize));
                            stream.pipeline().addLast(new Http3Stream(connection));
                        }
                    }, null, null, settings, true));
        }
    }
}
