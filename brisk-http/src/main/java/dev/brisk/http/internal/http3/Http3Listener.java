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
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http3.DefaultHttp3SettingsFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.http3.Http3Settings;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicStreamChannel;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The UDP socket that serves HTTP/3: Netty's QUIC codec with the server's TLS identity (TLS 1.3, ALPN {@code h3}),
 * QUIC transport parameters from {@link Http3Options} and the server's limits, and per connection the same
 * admission as TCP (connection limit and rate, refused while draining). One socket, so one event loop carries every
 * HTTP/3 connection.
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

    private final Channel channel;
    private final int port;

    private Http3Listener(Channel channel) {
        this.channel = channel;
        this.port = ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /**
     * Binds {@code host:port} (0 for an ephemeral port) on one loop of {@code group}; fails naming the cause when QUIC
     * is not available or the TLS options cannot serve it.
     */
    public static Http3Listener bind(ServerContext server, TlsOptions tls, EventLoopGroup group, Transport transport,
                                     String host, int port) {
        QuicAvailability.ensureAvailable("HTTP/3");
        ServerOptions options = server.options();
        Http3Options http3 = options.http3();
        QuicSslContext ssl = QuicTlsContexts.forServer(tls, List.of(Http3.supportedApplicationProtocols()),
                http3.earlyData());
        ChannelHandler codec = Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(options.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(http3.initialMaxData())
                .initialMaxStreamDataBidirectionalRemote(http3.initialMaxStreamData())
                .initialMaxStreamDataBidirectionalLocal(http3.initialMaxStreamData())
                .initialMaxStreamsBidirectional(http3.maxConcurrentStreams())
                .activeMigration(http3.activeMigration())
                .handler(new ConnectionInitializer(server))
                .build();
        Channel channel = new Bootstrap()
                .group(group)
                .channel(Transports.datagramChannel(transport))
                .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER)
                .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER)
                .handler(codec)
                .bind(host, port)
                .syncUninterruptibly()
                .channel();
        return new Http3Listener(channel);
    }

    /** The UDP port bound. */
    public int port() {
        return port;
    }

    /** Closes the socket: call once the QUIC connections are closed, as their last packets leave through it. */
    public void close() {
        channel.close().syncUninterruptibly();
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
