package dev.brisk.benchmarks.serve;

import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * {@code serve netty-raw}: the standard endpoints written as a competent Netty user would, in the shape of Netty's
 * own HTTP examples: {@code HttpServerCodec} + {@code HttpObjectAggregator}, keep-alive, writes in
 * {@code channelRead} and one flush in {@code channelReadComplete}. It uses the same transport Brisk picks, so the
 * comparison is about HTTP handling, not the socket layer.
 */
final class NettyRawServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) throws Exception {
        Transport transport = Transports.resolve(options.transport());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, Transports.ioHandlerFactory(transport));
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(options.ioThreads(),
                Transports.ioHandlerFactory(transport));
        SslContext ssl = options.tls() ? sslContext() : null;
        Channel channel = new ServerBootstrap()
                .group(boss, workers)
                .channel(Transports.serverChannel(transport))
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(10 * 1024 * 1024),
                                new Handler());
                    }
                })
                .bind(options.port()).sync().channel();
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    private static SslContext sslContext() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        return SslContextBuilder.forServer(certificate.privateKey(), certificate.certificate())
                .sslProvider(OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK)
                .build();
    }

    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            String path = new QueryStringDecoder(request.uri()).path();
            HttpMethod method = request.method();
            FullHttpResponse response;
            if (path.equals("/hello")) {
                response = method == HttpMethod.GET
                        ? response(HttpResponseStatus.OK, Unpooled.wrappedBuffer(Endpoints.HELLO), Endpoints.TEXT_PLAIN)
                        : text(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed");
            } else if (path.equals("/echo")) {
                String type = request.headers().get(HttpHeaderNames.CONTENT_TYPE, Endpoints.OCTET_STREAM);
                response = method == HttpMethod.POST
                        ? response(HttpResponseStatus.OK, request.content().retain(), type)
                        : text(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed");
            } else if (path.equals("/json")) {
                response = method == HttpMethod.GET
                        ? response(HttpResponseStatus.OK, Unpooled.wrappedBuffer(Endpoints.JSON),
                                Endpoints.APPLICATION_JSON)
                        : text(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed");
            } else if (path.startsWith(Endpoints.USERS_PREFIX)) {
                byte[] user = Endpoints.user(path.substring(Endpoints.USERS_PREFIX.length()));
                response = method != HttpMethod.GET ? text(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed")
                        : user == null ? text(HttpResponseStatus.BAD_REQUEST, "invalid id")
                        : response(HttpResponseStatus.OK, Unpooled.wrappedBuffer(user), Endpoints.APPLICATION_JSON);
            } else {
                response = text(HttpResponseStatus.NOT_FOUND, "not found");
            }
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            if (keepAlive) {
                if (!request.protocolVersion().isKeepAliveDefault()) {
                    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                }
                ctx.write(response);
            } else {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.write(response).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }

        private static FullHttpResponse response(HttpResponseStatus status, ByteBuf body, String type) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
            return response;
        }

        private static FullHttpResponse text(HttpResponseStatus status, String message) {
            return response(status, Unpooled.copiedBuffer(message, StandardCharsets.UTF_8), "text/plain; charset=utf-8");
        }
    }
}
