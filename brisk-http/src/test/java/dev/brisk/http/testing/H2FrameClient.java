package dev.brisk.http.testing;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2ChannelDuplexHandler;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.util.ReferenceCountUtil;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP/2 client (h2c by prior knowledge) on Netty's frame codec, with stream flow control in the test's hands: a
 * stream consumes what it receives, returning window to the server, only once {@link Stream#open()} was called.
 * The connection window is made large at the start, so that only stream windows hold the server back.
 */
public final class H2FrameClient implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final Frames frames = new Frames();
    private final String authority;

    /** Connects to {@code port} announcing {@code initialWindowSize} as every stream's receive window. */
    public H2FrameClient(int port, int initialWindowSize) throws InterruptedException {
        this.authority = "127.0.0.1:" + port;
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forClient()
                                .initialSettings(Http2Settings.defaultSettings().initialWindowSize(initialWindowSize))
                                .autoAckSettingsFrame(true)
                                .build(), frames);
                    }
                });
        channel = bootstrap.connect("127.0.0.1", port).sync().channel();
        // The connection window: far beyond what any test receives, so a stalled stream never blocks the others.
        channel.writeAndFlush(new DefaultHttp2WindowUpdateFrame(Integer.MAX_VALUE - 65_535)).sync();
    }

    /**
     * Sends a GET for {@code path} on a new stream. {@code expected} gives the byte expected at each body position;
     * every received byte is checked against it. With {@code consume} the stream's window is returned as data
     * arrives; without, nothing is returned until {@link Stream#open()}.
     */
    public Stream get(String path, BodyPattern expected, boolean consume) throws Exception {
        Stream stream = new Stream(expected, consume);
        channel.eventLoop().submit(() -> {
            Http2FrameStream frameStream = frames.newStream();
            stream.frameStream = frameStream;
            Http2Headers headers = new DefaultHttp2Headers().method("GET").scheme("http").authority(authority)
                    .path(path);
            channel.writeAndFlush(new DefaultHttp2HeadersFrame(headers, true).stream(frameStream))
                    .addListener(f -> {
                        if (!f.isSuccess()) {
                            stream.ended.completeExceptionally(f.cause());
                        }
                    });
            // The codec numbers the stream as the HEADERS frame is written; responses arrive later on this loop.
            frames.streams.put(frameStream.id(), stream);
        }).get(5, TimeUnit.SECONDS);
        return stream;
    }

    @Override
    public void close() throws InterruptedException {
        channel.close().sync();
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }

    /** The byte expected at each position of a response body. */
    @FunctionalInterface
    public interface BodyPattern {
        byte at(long position);
    }

    /** One request stream and what the server sent on it. */
    public final class Stream {

        private final BodyPattern expected;
        private boolean consume;
        private int unconsumed;
        private Http2FrameStream frameStream;
        private final AtomicLong received = new AtomicLong();
        private final AtomicLong firstMismatch = new AtomicLong(-1);
        /** The response's status once its HEADERS arrived. */
        public final CompletableFuture<Integer> status = new CompletableFuture<>();
        /** Completes when the server ended the stream; fails when it reset it or the connection closed. */
        public final CompletableFuture<Void> ended = new CompletableFuture<>();

        private Stream(BodyPattern expected, boolean consume) {
            this.expected = expected;
            this.consume = consume;
        }

        /** Body bytes received so far. */
        public long received() {
            return received.get();
        }

        /** The first body position whose byte differed from the expected one, or -1. */
        public long firstMismatch() {
            return firstMismatch.get();
        }

        /** Returns what was received so far to the server's window and keeps doing so as data arrives. */
        public void open() {
            channel.eventLoop().execute(() -> {
                consume = true;
                if (unconsumed > 0 && frameStream.id() > 0) {
                    channel.writeAndFlush(new DefaultHttp2WindowUpdateFrame(unconsumed).stream(frameStream));
                }
                unconsumed = 0;
            });
        }

        /** Resets the stream with {@code error}. */
        public void reset(Http2Error error) {
            channel.eventLoop().execute(() ->
                    channel.writeAndFlush(new DefaultHttp2ResetFrame(error).stream(frameStream)));
        }

        private void onData(Http2DataFrame frame) {
            // One bulk copy: reading a leak-tracked buffer byte by byte records every access.
            byte[] data = ByteBufUtil.getBytes(frame.content());
            long position = received.get();
            for (int i = 0; i < data.length; i++, position++) {
                if (data[i] != expected.at(position) && firstMismatch.get() < 0) {
                    firstMismatch.set(position);
                }
            }
            received.set(position);
            int flowControlled = frame.initialFlowControlledBytes();
            if (flowControlled > 0) {
                if (consume) {
                    channel.write(new DefaultHttp2WindowUpdateFrame(flowControlled).stream(frameStream));
                } else {
                    unconsumed += flowControlled;
                }
            }
            if (frame.isEndStream()) {
                ended.complete(null);
            }
        }
    }

    private static final class Frames extends Http2ChannelDuplexHandler {

        /** Streams by id, touched on the event loop only. */
        final Map<Integer, Stream> streams = new HashMap<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (!(msg instanceof Http2StreamFrame frame) || frame.stream() == null) {
                    return;
                }
                Stream stream = streams.get(frame.stream().id());
                if (stream == null) {
                    return;
                }
                if (msg instanceof Http2HeadersFrame headers) {
                    if (!stream.status.isDone()) {
                        stream.status.complete(Integer.parseInt(headers.headers().status().toString()));
                    }
                    if (headers.isEndStream()) {
                        stream.ended.complete(null);
                    }
                } else if (msg instanceof Http2DataFrame data) {
                    stream.onData(data);
                } else if (msg instanceof Http2ResetFrame reset) {
                    stream.ended.completeExceptionally(
                            new IllegalStateException("stream reset by the server, error " + reset.errorCode()));
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            for (Stream stream : streams.values()) {
                stream.ended.completeExceptionally(new IllegalStateException("connection closed"));
            }
            super.channelInactive(ctx);
        }
    }
}
