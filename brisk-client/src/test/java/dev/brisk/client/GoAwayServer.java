package dev.brisk.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An h2c (prior knowledge) server on Netty's frame codec that misbehaves on purpose: on each connection it holds a
 * request to {@code /hold}; when a request to {@code /refuse} follows, it sends GOAWAY naming the held stream as the
 * last one processed, answers the held stream, and leaves the refused one unanswered. Other requests (on new
 * connections) are answered at once with their path.
 */
final class GoAwayServer implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private final AtomicInteger connections = new AtomicInteger();

    GoAwayServer() throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        connections.incrementAndGet();
                        channel.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Handler());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    int connections() {
        return connections.get();
    }

    private static final class Handler extends ChannelInboundHandlerAdapter {
        private Http2FrameStream held;
        private boolean goneAway;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (!(msg instanceof Http2HeadersFrame headers)) {
                    return;
                }
                String path = headers.headers().path().toString();
                if (path.equals("/hold") && !goneAway) {
                    held = headers.stream();
                } else if (path.equals("/refuse") && held != null && !goneAway) {
                    goneAway = true;
                    Http2FrameCodec codec = ctx.pipeline().get(Http2FrameCodec.class);
                    codec.goAway(ctx.pipeline().context(codec), held.id(), Http2Error.NO_ERROR.code(),
                            Unpooled.EMPTY_BUFFER, ctx.newPromise());
                    ctx.flush();
                    answer(ctx, held, "held");
                } else {
                    answer(ctx, headers.stream(), path);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private static void answer(ChannelHandlerContext ctx, Http2FrameStream stream, String body) {
            ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")).stream(stream));
            ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), true)
                    .stream(stream));
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
