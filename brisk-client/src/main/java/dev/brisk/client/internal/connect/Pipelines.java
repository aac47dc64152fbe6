package dev.brisk.client.internal.connect;

import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.exchange.OnDemandDecompressor;
import dev.brisk.client.internal.http1.Http1Connection;
import dev.brisk.client.internal.http2.Http2Connection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpClientUpgradeHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2ClientUpgradeCodec;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Every handler of a client connection's pipeline is added here: proxy tunnel, TLS (with SNI and host name
 * verification through the context), the {@link ConnectionSetup} that picks the protocol, then the HTTP/1.1, HTTP/2 or
 * h2c-upgrade handlers it asks for, with the codec limits and HTTP/2 settings of the client.
 */
public final class Pipelines {

    /** Stream windows the client grants: 1 MiB. */
    private static final int INITIAL_WINDOW_SIZE = 1024 * 1024;
    private static final int MAX_PROBE_RESPONSE = 64 * 1024;
    private static final String CONNECTION = "connection";

    private Pipelines() {
    }

    /**
     * The connection-level part, added when the channel is created: the proxy handler and the TLS handler when there
     * are any (the handshake starts once the tunnel is up). Returns the TLS handler or null.
     */
    static SslHandler connection(Channel channel, HostKey key, ProxyHandler proxy, SslContext tls,
                                 long handshakeTimeoutMillis) {
        ChannelPipeline pipeline = channel.pipeline();
        if (proxy != null) {
            pipeline.addLast("proxy", proxy);
        }
        SslHandler ssl = null;
        if (tls != null) {
            ssl = tls.newHandler(channel.alloc(), key.host(), key.port()); // the host name is sent as SNI
            ssl.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
            pipeline.addLast("tls", ssl);
        }
        return ssl;
    }

    /** Adds the handler that takes the connection through tunnel and handshake to a protocol. */
    static void setup(ChannelPipeline pipeline, ConnectionSetup setup) {
        pipeline.addLast(ConnectionSetup.NAME, setup);
    }

    /** The HTTP/1.1 codec with the client's limits on status line, header block and chunk size. */
    public static HttpClientCodec http1Codec() {
        return new HttpClientCodec(new HttpDecoderConfig()
                .setMaxInitialLineLength(8192)
                .setMaxHeaderSize(32 * 1024)
                .setMaxChunkSize(64 * 1024), false, false);
    }

    /** HTTP/1.1: the codec, optional decompression, the connection. */
    public static Http1Connection http1(ChannelPipeline pipeline, ConnectionSettings settings,
                                        ConnectionOwner owner) {
        pipeline.addLast(Http1Connection.CODEC, http1Codec());
        return afterHttp1Codec(pipeline, settings, owner);
    }

    /** What follows an HTTP/1.1 codec already in place (an h2c upgrade was refused): decompression, connection. */
    static Http1Connection afterHttp1Codec(ChannelPipeline pipeline, ConnectionSettings settings,
                                           ConnectionOwner owner) {
        if (settings.decompression()) {
            pipeline.addLast(OnDemandDecompressor.NAME, new OnDemandDecompressor());
        }
        Http1Connection connection = new Http1Connection(settings, owner);
        pipeline.addLast(CONNECTION, connection);
        return connection;
    }

    /** The client's HTTP/2 frame codec: no server push, 1 MiB stream windows, 32 KiB header lists. */
    public static Http2FrameCodec frameCodec() {
        return Http2FrameCodecBuilder.forClient()
                .initialSettings(Http2Settings.defaultSettings()
                        .pushEnabled(false)
                        .initialWindowSize(INITIAL_WINDOW_SIZE)
                        .maxHeaderListSize(32 * 1024))
                .validateHeaders(false)
                .build();
    }

    /** HTTP/2 (h2, h2c with prior knowledge): frame codec, stream multiplexer, the connection. */
    public static Http2Connection http2(ChannelPipeline pipeline, ConnectionSettings settings,
                                        ConnectionOwner owner) {
        Http2FrameCodec codec = frameCodec();
        pipeline.addLast("h2-codec", codec);
        pipeline.addLast("h2-multiplex", new Http2MultiplexHandler(Http2Connection.PushRefuser.INSTANCE));
        Http2Connection connection = new Http2Connection(settings, owner, codec);
        pipeline.addLast("h2-connection", connection);
        return connection;
    }

    /**
     * A cleartext connection that asks to become h2c: the HTTP/1.1 codec, Netty's upgrade handler holding the HTTP/2
     * handlers it installs on 101, the {@link H2cUpgrade} probe, then the HTTP/2 connection that serves calls after
     * an upgrade. Sends the probe {@code OPTIONS *} at once; a failed write fails {@code setup}.
     */
    static void h2cUpgrade(ChannelPipeline pipeline, ConnectionSettings settings, ConnectionOwner owner,
                           ConnectionSetup setup) {
        HttpClientCodec source = http1Codec();
        Http2FrameCodec codec = frameCodec();
        Http2Connection h2 = new Http2Connection(settings, owner, codec);
        Http2ClientUpgradeCodec upgrade = new Http2ClientUpgradeCodec((Http2ConnectionHandler) codec,
                new Http2MultiplexHandler(Http2Connection.PushRefuser.INSTANCE, Discard.INSTANCE));
        pipeline.addLast(Http1Connection.CODEC, source);
        pipeline.addLast("h2c-upgrade", new HttpClientUpgradeHandler(source, upgrade, MAX_PROBE_RESPONSE));
        pipeline.addLast("h2c-probe", new H2cUpgrade(setup, h2));
        pipeline.addLast("h2-connection", h2);
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.OPTIONS, "*");
        request.headers().set(HttpHeaderNames.HOST, settings.key().hostHeader());
        pipeline.channel().writeAndFlush(request).addListener(f -> {
            if (!f.isSuccess()) {
                setup.fail(f.cause());
            }
        });
    }

    /** Reads and drops what arrives on the stream of an upgrade probe (its answer is not needed). */
    @ChannelHandler.Sharable
    static final class Discard extends ChannelInboundHandlerAdapter {
        static final Discard INSTANCE = new Discard();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }
    }
}
