package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.WebSocketOptions;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketClientCompressionHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.netty.util.ReferenceCountUtil;
import static org.assertj.core.api.Assertions.assertThat;

/** permessage-deflate (RFC 7692) negotiated with Netty's WebSocket client, and left out when not enabled. */
class PerMessageDeflateTest {

    private static HttpServer server;
    private static EventLoopGroup group;

    @BeforeAll
    static void start() {
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .webSocket("/deflate", new EchoEndpoint(), WebSocketOptions.builder().perMessageDeflate(true).build())
                .webSocket("/plain", new EchoEndpoint())
                .start();
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stop() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void compressedMessagesRoundTrip() throws Exception {
        Client client = connect("/deflate");
        assertThat(client.extensions.poll(10, TimeUnit.SECONDS)).startsWith("permessage-deflate");
        String big = "compressible ".repeat(5000);
        client.channel.writeAndFlush(new TextWebSocketFrame(big)).sync();
        assertThat(client.messages.poll(10, TimeUnit.SECONDS)).isEqualTo(big);
        // the frame as it came off the wire had RSV1 set: it was compressed
        assertThat(client.rawRsv.poll(10, TimeUnit.SECONDS)).isEqualTo(4);
        client.close();
    }

    @Test
    void notNegotiatedWhenNotEnabled() throws Exception {
        Client client = connect("/plain");
        assertThat(client.extensions.poll(10, TimeUnit.SECONDS)).isEqualTo("none");
        client.channel.writeAndFlush(new TextWebSocketFrame("hi")).sync();
        assertThat(client.messages.poll(10, TimeUnit.SECONDS)).isEqualTo("hi");
        assertThat(client.rawRsv.poll(10, TimeUnit.SECONDS)).isEqualTo(0);
        client.close();
    }

    private static Client connect(String path) throws Exception {
        Client client = new Client();
        URI uri = URI.create("ws://127.0.0.1:" + server.port() + path);
        client.channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192),
                                client.wire(), WebSocketClientCompressionHandler.INSTANCE,
                                new WebSocketClientProtocolHandler(WebSocketClientHandshakerFactory.newHandshaker(
                                        uri, WebSocketVersion.V13, null, true, new DefaultHttpHeaders(), 1 << 20)),
                                client.messages());
                    }
                })
                .connect("127.0.0.1", server.port()).sync().channel();
        assertThat(client.handshaken.poll(10, TimeUnit.SECONDS)).isEqualTo("done");
        return client;
    }

    /** A Netty WebSocket client that records the negotiated extensions, raw RSV bits and received messages. */
    static final class Client {
        final BlockingQueue<String> extensions = new LinkedBlockingQueue<>();
        final BlockingQueue<Integer> rawRsv = new LinkedBlockingQueue<>();
        final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<String> handshaken = new LinkedBlockingQueue<>();
        Channel channel;

        ChannelInboundHandlerAdapter wire() {
            return new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    if (msg instanceof FullHttpResponse response) {
                        extensions.add(response.headers().get("sec-websocket-extensions", "none"));
                    } else if (msg instanceof WebSocketFrame frame) {
                        rawRsv.add(frame.rsv());
                    }
                    ctx.fireChannelRead(msg);
                }
            };
        }

        ChannelInboundHandlerAdapter messages() {
            return new ChannelInboundHandlerAdapter() {
                @Override
                public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                    if (event == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                        handshaken.add("done");
                    }
                    ctx.fireUserEventTriggered(event);
                }

                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    if (msg instanceof TextWebSocketFrame text) {
                        messages.add(text.text());
                    }
                    ReferenceCountUtil.release(msg);
                }
            };
        }

        void close() throws InterruptedException {
            channel.writeAndFlush(new CloseWebSocketFrame(1000, "")).sync();
            channel.closeFuture().await(10, TimeUnit.SECONDS);
            channel.close().sync();
        }
    }
}
