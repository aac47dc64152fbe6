package dev.brisk.client.internal.connect;

import dev.brisk.client.internal.http2.Http2Connection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpClientUpgradeHandler;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Waits for the answer to an h2c upgrade probe ({@code OPTIONS *} with {@code Upgrade: h2c} and
 * {@code HTTP2-Settings}, sent by {@link Pipelines#h2cUpgrade} as soon as the connection opens, before any call uses
 * it). On 101 the connection continues as
 * HTTP/2 (the probe's answer on stream 1 is dropped); on any other answer it stays HTTP/1.1 and serves calls as such.
 * When that answer also closes the connection, the pool stops probing this host and opens an HTTP/1.1 connection.
 * Costs one round trip per new connection; prior knowledge avoids it when the server is known to speak h2c.
 */
final class H2cUpgrade extends ChannelInboundHandlerAdapter {

    private final ConnectionSetup setup;
    private final Http2Connection h2;
    private boolean keepAlive = true;

    H2cUpgrade(ConnectionSetup setup, Http2Connection h2) {
        this.setup = setup;
        this.h2 = h2;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == HttpClientUpgradeHandler.UpgradeEvent.UPGRADE_SUCCESSFUL) {
            ctx.pipeline().remove(this);
            h2.settingsReceived().addListener(f -> {
                if (!f.isSuccess()) {
                    setup.fail(f.cause());
                }
            });
            setup.upgraded(h2);
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof HttpObject)) {
            ctx.fireChannelRead(msg); // HTTP/2 frames after a successful upgrade
            return;
        }
        try {
            if (msg instanceof HttpResponse response) {
                keepAlive = HttpUtil.isKeepAlive(response);
            }
            if (msg instanceof LastHttpContent) {
                refused(ctx);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** The server answered the probe without switching: go on with HTTP/1.1 on the same connection. */
    private void refused(ChannelHandlerContext ctx) {
        ChannelPipeline pipeline = ctx.pipeline();
        if (!keepAlive) {
            setup.upgradeRefusedAndClosed();
            return;
        }
        if (pipeline.get(HttpClientUpgradeHandler.class) != null) {
            pipeline.remove(HttpClientUpgradeHandler.class);
        }
        pipeline.remove(h2);
        pipeline.remove(this);
        setup.downgraded();
    }
}
