package dev.brisk.benchmarks.serve;

import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code serve brisk-http --tls --http3} answers over HTTP/3 on the UDP port of the TLS port's number. */
class ServeHttp3Test {

    @Test
    void briskHttpServesHttp3OnTheSamePortNumber() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        int port = ServeCommand.IMPLS.get("brisk-http").get().start(new ServeOptions(0, 1, true, true, Transport.AUTO));
        EventLoopGroup group = Transports.newGroup(Transport.NIO, 1, "serve-h3-test", true);
        try {
            Channel datagram = new Bootstrap().group(group).channel(Transports.datagramChannel(Transport.NIO))
                    .handler(Http3.newQuicClientCodecBuilder()
                            .sslContext(QuicSslContextBuilder.forClient()
                                    .trustManager(InsecureTrustManagerFactory.INSTANCE)
                                    .applicationProtocols(Http3.supportedApplicationProtocols()).build())
                            .maxIdleTimeout(5, TimeUnit.SECONDS).initialMaxData(1 << 20)
                            .initialMaxStreamDataBidirectionalLocal(1 << 20).build())
                    .bind(0).sync().channel();
            QuicChannel connection = QuicChannel.newBootstrap(datagram).handler(new Http3ClientConnectionHandler())
                    .remoteAddress(new InetSocketAddress("127.0.0.1", port)).connect().get(5, TimeUnit.SECONDS);
            CompletableFuture<String> body = new CompletableFuture<>();
            StringBuilder text = new StringBuilder();
            QuicStreamChannel stream = Http3.newRequestStream(connection, new Http3RequestStreamInboundHandler() {
                @Override
                protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
                    text.append(frame.headers().status()).append(' ');
                }

                @Override
                protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
                    text.append(frame.content().toString(StandardCharsets.UTF_8));
                    frame.release();
                }

                @Override
                protected void channelInputClosed(ChannelHandlerContext ctx) {
                    body.complete(text.toString());
                }
            }).get(5, TimeUnit.SECONDS);
            stream.writeAndFlush(new DefaultHttp3HeadersFrame(new DefaultHttp3Headers().method("GET").path("/hello")
                    .scheme("https").authority("localhost"))).addListener(f -> stream.shutdownOutput());
            assertThat(body.get(5, TimeUnit.SECONDS)).isEqualTo("200 Hello, World!");
            connection.close().sync();
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        }
    }
}
