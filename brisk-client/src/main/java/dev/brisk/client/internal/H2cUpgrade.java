package dev.brisk.client.internal;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpClientUpgradeHandler;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.Http2ClientUpgradeCodec;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Asks a cleartext server to switch to h2c: sends {@code OPTIONS * HTTP/1.1} with {@code Upgrade: h2c} and
 * {@code HTTP2-Settings} as soon as the connection opens, before any call uses it. On 101 the connection continues as
 * HTTP/2 (the probe's answer on stream 1 is dropped); on any other answer it stays HTTP/1.1 and serves calls as such.
 * When that answer also closes the connection, the pool stops probing this host and opens an HTTP/1.1 connection.
 * Costs one round trip per new connection; prior knowledge avoids it when the server is known to speak h2c.
 */
final class H2cUpgrade extends ChannelInboundHandlerAdapter {

    private static final int MAX_PROBE_RESPONSE = 64 * 1024;

    private final ChildPool pool;
    private final ConnectionSetup setup;
    private final Http2Connection h2;
    private boolean keepAlive = true;

    private H2cUpgrade(ChildPool pool, ConnectionSetup setup, Http2Connection h2) {
        this.pool = pool;
        this.setup = setup;
        this.h2 = h2;
    }

    static void install(ChildPool pool, ChannelPipeline pipeline, ConnectionSetup setup) {
        HttpClientCodec source = ChildPool.http1Codec();
        Http2FrameCodec codec = H2Codecs.frameCodec();
        Http2Connection h2 = new Http2Connection(pool, codec);
        Http2ClientUpgradeCodec upgrade = new Http2ClientUpgradeCodec((io.netty.handler.codec.http2.Http2ConnectionHandler) codec,
                new Http2MultiplexHandler(Http2Connection.PushRefuser.INSTANCE, H2Codecs.Discard.INSTANCE));
        pipeline.addLast(ChildPool.CODEC, source);
        pipeline.addLast("h2c-upgrade", new HttpClientUpgradeHandler(source, upgrade, MAX_PROBE_RESPONSE));
        H2cUpgrade probe = new H2cUpgrade(pool, setup, h2);
        pipeline.addLast("h2c-probe", probe);
        pipeline.addLast("h2-connection", h2);
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.OPTIONS, "*");
        request.headers().set(HttpHeaderNames.HOST, pool.key().hostHeader());
        pipeline.channel().writeAndFlush(request).addListener(f -> {
            if (!f.isSuccess()) {
                setup.fail(f.cause());
            }
        });
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
        if (!(msg instanceof io.netty.handler.codec.http.HttpObject)) {
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
            pool.h2cUpgradeRefused();
            setup.fail(new H2cUpgradeRefusedException(pool.key()));
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
