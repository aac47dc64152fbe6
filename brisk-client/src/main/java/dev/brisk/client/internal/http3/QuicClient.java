package dev.brisk.client.internal.http3;

import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.transport.QuicTlsContexts;
import dev.brisk.transport.TlsOptions;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.resolver.AddressResolverGroup;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * The HTTP/3 side of one client: its QUIC TLS context (built on first use), the UDP channel type of its transport,
 * its name resolver, and the set of channels closing the client waits for. Made only once HTTP/3 is known to be
 * available ({@link dev.brisk.transport.QuicAvailability}). Not API.
 */
public final class QuicClient {

    private final TlsOptions tls;
    private final Class<? extends DatagramChannel> datagramChannel;
    private final AddressResolverGroup<InetSocketAddress> resolver;
    private final Consumer<Channel> tracker;
    private final long idleTimeoutMillis;
    private volatile QuicSslContext sslContext;

    /**
     * @param tls               the client's TLS options
     * @param datagramChannel   the UDP channel class of the client's transport
     * @param resolver          the client's name resolver
     * @param tracker           keeps a channel among those closing the client waits for
     * @param idleTimeoutMillis the client's idle timeout, also the QUIC idle timeout announced to servers
     */
    public QuicClient(TlsOptions tls, Class<? extends DatagramChannel> datagramChannel,
                      AddressResolverGroup<InetSocketAddress> resolver, Consumer<Channel> tracker,
                      long idleTimeoutMillis) {
        this.tls = tls;
        this.datagramChannel = datagramChannel;
        this.resolver = resolver;
        this.tracker = tracker;
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /** Builds the QUIC TLS context now, so that bad TLS settings fail when the client is built. */
    public void checkTls() {
        sslContext();
    }

    QuicSslContext sslContext() {
        QuicSslContext context = sslContext;
        if (context == null) {
            synchronized (this) {
                context = sslContext;
                if (context == null) {
                    context = QuicTlsContexts.forClient(tls, List.of(Http3.supportedApplicationProtocols()));
                    sslContext = context;
                }
            }
        }
        return context;
    }

    Class<? extends DatagramChannel> datagramChannel() {
        return datagramChannel;
    }

    AddressResolverGroup<InetSocketAddress> resolver() {
        return resolver;
    }

    void track(Channel channel) {
        tracker.accept(channel);
    }

    long idleTimeoutMillis() {
        return idleTimeoutMillis;
    }

    /** The opener of the HTTP/3 connections of one child pool, on {@code loop}, reporting to {@code owner}. */
    public QuicOpener opener(ConnectionSettings settings, EventLoop loop, ConnectionOwner owner) {
        return new QuicConnector(this, settings, loop, owner);
    }
}
