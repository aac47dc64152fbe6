package dev.brisk.http.internal.bootstrap;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.ConnectionRateLimiter;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.http1.Http1Connection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslHandler;

/**
 * Sets up each accepted connection: enforces the connection rate and limit, then TLS with ALPN, or on cleartext the
 * detection of h2c prior knowledge, or plain HTTP/1.1.
 */
final class ServerInitializer extends ChannelInitializer<Channel> {

    private final ServerContext server;

    ServerInitializer(ServerContext server) {
        this.server = server;
    }

    @Override
    protected void initChannel(Channel channel) {
        ConnectionRateLimiter rate = server.connectionRate();
        if (server.draining() || rate != null && !rate.tryAcquire() || !server.tracker().tryOpen(channel)) {
            channel.close();
            return;
        }
        ChannelPipeline pipeline = channel.pipeline();
        if (server.sslContext() != null) {
            SslHandler ssl = server.sslContext().newHandler(channel.alloc());
            ssl.setHandshakeTimeoutMillis(server.deadlines().handshakeMillis());
            pipeline.addLast(ssl);
            pipeline.addLast(new AlpnHandler(server));
        } else if (server.options().http2().enabled() && server.options().http2().cleartext()) {
            pipeline.addLast(new PriorKnowledgeDetector(server));
        } else {
            server.tracker().protocolSelected(channel, Protocol.HTTP_1_1);
            pipeline.addLast(new Http1Connection(server, false));
        }
    }
}
