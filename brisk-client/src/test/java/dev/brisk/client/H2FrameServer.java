package dev.brisk.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * An h2c (prior knowledge) server on Netty's {@link Http2FrameCodec} whose behaviour the test writes: each connection
 * gets a new handler from the factory (given the connection's number, from 1) placed after the codec, where it sees
 * the frames of every stream and answers with frames of its own. For faults a correct server never commits on
 * purpose: GOAWAY with streams in flight, header blocks above the client's limit, responses that trickle or stall.
 */
final class H2FrameServer implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger closed = new AtomicInteger();

    H2FrameServer(IntFunction<ChannelHandler> handlers) throws InterruptedException {
        this(codec -> { }, handlers);
    }

    /** A server whose frame codec {@code codec} may adjust first. */
    H2FrameServer(Consumer<Http2FrameCodecBuilder> codec, IntFunction<ChannelHandler> handlers)
            throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        int number = connections.incrementAndGet();
                        channel.closeFuture().addListener(f -> closed.incrementAndGet());
                        Http2FrameCodecBuilder builder = Http2FrameCodecBuilder.forServer();
                        codec.accept(builder);
                        channel.pipeline().addLast(builder.build(), handlers.apply(number));
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    String url(String path) {
        return "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort() + path;
    }

    /** Connections accepted so far. */
    int connections() {
        return connections.get();
    }

    /** Connections that have closed so far. */
    int closedConnections() {
        return closed.get();
    }

    /** Sends a 200 with {@code body} on {@code stream}, ending it. */
    static void respond(ChannelHandlerContext ctx, Http2FrameStream stream, String body) {
        headers(ctx, stream, new DefaultHttp2Headers().status("200"), false);
        data(ctx, stream, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), true);
    }

    /** Writes and flushes a HEADERS frame. */
    static ChannelFuture headers(ChannelHandlerContext ctx, Http2FrameStream stream, Http2Headers headers,
                                 boolean endStream) {
        return ctx.writeAndFlush(new DefaultHttp2HeadersFrame(headers, endStream).stream(stream));
    }

    /** Writes and flushes a DATA frame. */
    static ChannelFuture data(ChannelHandlerContext ctx, Http2FrameStream stream, ByteBuf content,
                              boolean endStream) {
        return ctx.writeAndFlush(new DefaultHttp2DataFrame(content, endStream).stream(stream));
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
