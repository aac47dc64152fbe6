package dev.brisk.client;

import dev.brisk.transport.SelfSignedCertificate;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3FrameToHttpObjectCodec;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/3 server for the client's tests, built from Netty's own HTTP/3 server classes on a UDP port of 127.0.0.1
 * with a self-signed certificate. Routes: {@code GET /hello}, {@code POST /echo} (the body back, with the request's
 * protocol-relevant headers), {@code GET /bytes?n=N} (N bytes in 8 KiB chunks), {@code GET /delay?ms=M} (answers after
 * M ms), {@code GET /silent} (never answers), {@code GET /alt} (answers with {@code Alt-Svc: clear}).
 */
final class Http3TestServer implements AutoCloseable {

    /** The period of the {@code /bytes} content, and that content from any offset below it for a chunk's length. */
    private static final int PERIOD = 251;
    private static final int CHUNK = 8192;
    private static final byte[] PATTERN = pattern();

    private final SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
    private final MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final Channel channel;

    private Http3TestServer(long maxStreams) {
        QuicSslContext ssl = QuicSslContextBuilder.forServer(certificate.privateKey(), null, certificate.certificate())
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        ChannelHandler codec = Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(10, TimeUnit.SECONDS)
                .initialMaxData(64L * 1024 * 1024)
                .initialMaxStreamDataBidirectionalLocal(1024 * 1024)
                .initialMaxStreamDataBidirectionalRemote(1024 * 1024)
                .initialMaxStreamsBidirectional(maxStreams)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel quic) {
                        connections.incrementAndGet();
                        quic.pipeline().addLast(new Http3ServerConnectionHandler(
                                new ChannelInitializer<QuicStreamChannel>() {
                                    @Override
                                    protected void initChannel(QuicStreamChannel stream) {
                                        stream.pipeline().addLast(new Http3FrameToHttpObjectCodec(true),
                                                new HttpObjectAggregator(16 * 1024 * 1024), new Routes());
                                    }
                                }));
                    }
                })
                .build();
        channel = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec)
                .bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
    }

    private static byte[] pattern() {
        byte[] pattern = new byte[PERIOD + CHUNK];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i % PERIOD);
        }
        return pattern;
    }

    /** A server allowing 100 concurrent request streams per connection. */
    static Http3TestServer start() {
        return new Http3TestServer(100);
    }

    /** A server allowing {@code maxStreams} concurrent request streams per connection. */
    static Http3TestServer start(long maxStreams) {
        return new Http3TestServer(maxStreams);
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    SelfSignedCertificate certificate() {
        return certificate;
    }

    /** QUIC connections accepted so far. */
    int connections() {
        return connections.get();
    }

    /** Requests received so far. */
    int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class Routes extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            requests.incrementAndGet();
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            switch (uri.path()) {
                case "/hello" -> send(ctx, text("hello over h3"));
                case "/echo" -> {
                    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                            request.content().retainedDuplicate());
                    response.headers().set("x-method", request.method().name());
                    response.headers().set("x-authority", String.valueOf(request.headers().get(HttpHeaderNames.HOST,
                            request.headers().get("x-http3-authority", ""))));
                    response.headers().set("x-request-length", request.content().readableBytes());
                    send(ctx, response);
                }
                case "/bytes" -> bytes(ctx, Integer.parseInt(uri.parameters().get("n").get(0)));
                case "/delay" -> ctx.executor().schedule(() -> send(ctx, text("late")),
                        Long.parseLong(uri.parameters().get("ms").get(0)), TimeUnit.MILLISECONDS);
                case "/silent" -> {
                    // never answers: for read timeouts
                }
                case "/alt" -> {
                    FullHttpResponse response = text("cleared");
                    response.headers().set(HttpHeaderNames.ALT_SVC, "clear");
                    send(ctx, response);
                }
                default -> send(ctx, new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND,
                        Unpooled.EMPTY_BUFFER));
            }
        }

        /**
         * N bytes, byte i being {@code i % 251}, in 8 KiB chunks, each written once the previous one has gone into the
         * stream, as a flow-controlled server does.
         */
        private void bytes(ChannelHandlerContext ctx, int n) {
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_LENGTH, n);
            ctx.writeAndFlush(head).addListener(f -> chunk(ctx, 0, n));
        }

        private void chunk(ChannelHandlerContext ctx, int sent, int n) {
            if (sent >= n) {
                ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            int size = Math.min(CHUNK, n - sent);
            // one bulk copy: the tests' leak detector records a stack trace at every access to a buffer, so filling
            // it byte by byte kept this event loop busy for tens of milliseconds a chunk, away from the client's ACKs
            ByteBuf chunk = ctx.alloc().buffer(size).writeBytes(PATTERN, sent % PERIOD, size);
            ctx.writeAndFlush(new DefaultHttpContent(chunk)).addListener(f -> {
                if (f.isSuccess()) {
                    chunk(ctx, sent + size, n);
                }
            });
        }

        private FullHttpResponse text(String body) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            return response;
        }

        private void send(ChannelHandlerContext ctx, FullHttpResponse response) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
