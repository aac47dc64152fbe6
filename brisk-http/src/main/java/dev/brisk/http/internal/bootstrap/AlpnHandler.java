package dev.brisk.http.internal.bootstrap;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.http1.Http1Connection;
import dev.brisk.http.internal.http2.Http2ServerConnection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

import java.util.concurrent.ScheduledFuture;

/**
 * After the TLS handshake, installs HTTP/2 or HTTP/1.1 according to the protocol negotiated with ALPN; closes a
 * connection that has not got that far within the handshake timeout.
 */
final class AlpnHandler extends ApplicationProtocolNegotiationHandler {

    private final ServerContext server;
    private ScheduledFuture<?> deadline;

    AlpnHandler(ServerContext server) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        super.handlerAdded(ctx);
        deadline = server.deadlines().handshakeDeadline(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
        deadline.cancel(false);
        super.handlerRemoved(ctx);
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol) && server.options().http2().enabled()) {
            server.tracker().protocolSelected(ctx.channel(), Protocol.HTTP_2);
            ctx.pipeline().addLast(Http2ServerConnection.create(server, true));
        } else if (ApplicationProtocolNames.HTTP_1_1.equals(protocol)) {
            server.tracker().protocolSelected(ctx.channel(), Protocol.HTTP_1_1);
            ctx.pipeline().addLast(new Http1Connection(server, true));
        } else {
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event == DrainEvent.INSTANCE) {
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
