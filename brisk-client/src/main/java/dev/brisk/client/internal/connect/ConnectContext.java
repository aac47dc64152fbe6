package dev.brisk.client.internal.connect;

import dev.brisk.client.ClientOptions;
import dev.brisk.client.internal.http3.AlternativeService;
import dev.brisk.client.internal.http3.QuicClient;
import dev.brisk.client.internal.pool.HostKey;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslContext;

/**
 * What opening a connection needs from the client: its options, the connect templates (direct and through the
 * proxy), the proxy and TLS handlers' settings, the HTTP/3 side, and the set of open connections that closing the client waits for.
 * The client's runtime is the one implementation.
 */
public interface ConnectContext {

    /** The client's options. */
    ClientOptions options();

    /** The connect template of direct connections, or of connections through the proxy. */
    Bootstrap bootstrap(boolean proxied);

    /** Whether connections to {@code key} go through the proxy. */
    boolean proxied(HostKey key);

    /** A new handler that opens a tunnel through the configured proxy. */
    ProxyHandler proxyHandler();

    /** The TLS context, built on first use of an {@code https://} origin. */
    SslContext sslContext();

    /** Keeps {@code channel} among the connections that closing the client waits for. */
    void track(Channel channel);

    /** The connect timeout: one budget from the TCP connect to a connection ready for requests. */
    long connectTimeoutMillis();

    /**
     * The HTTP/3 side of the client, or null when it speaks no HTTP/3 (not chosen, or QUIC unavailable here, which
     * {@link dev.brisk.client.ProtocolPolicy#H3} refuses when the client is built).
     */
    QuicClient quic();

    /** Where the {@code Alt-Svc} of {@code key} is kept, or null when the client does not discover HTTP/3 for it. */
    AlternativeService alternative(HostKey key);
}
