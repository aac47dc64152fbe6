package dev.brisk.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;

/** Two protocols on one port, told apart by their first bytes, through real sockets. */
class ProtocolDetectorTest {

    private EventLoopGroup group;
    private Channel server;

    /** Recognises connections opening with {@code prefix}; answers every read with {@code name:} and the bytes. */
    private record Prefixed(String prefix, String name) implements PortProtocol {

        @Override
        public Match matches(ByteBuf opening) {
            int n = Math.min(opening.readableBytes(), prefix.length());
            String head = opening.toString(opening.readerIndex(), n, StandardCharsets.US_ASCII);
            if (!prefix.startsWith(head)) {
                return Match.NO;
            }
            return n == prefix.length() ? Match.YES : Match.NEED_MORE;
        }

        @Override
        public void open(Channel channel) {
            channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ByteBuf in = (ByteBuf) msg;
                    byte[] bytes = ByteBufUtil.getBytes(in);
                    in.release();
                    ctx.writeAndFlush(Unpooled.wrappedBuffer((name + ":" + new String(bytes,
                            StandardCharsets.US_ASCII) + "\n").getBytes(StandardCharsets.US_ASCII)));
                }
            });
        }
    }

    @BeforeEach
    void start() {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new ProtocolDetector(List.of(new Prefixed("ABC", "first"),
                                new Prefixed("AXY", "second")), 16, Duration.ofMillis(500)));
                    }
                }).bind("127.0.0.1", 0).syncUninterruptibly().channel();
    }

    @AfterEach
    void stop() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    private Socket connect() throws Exception {
        Socket socket = new Socket();
        socket.setSoTimeout(5000);
        socket.connect(new InetSocketAddress("127.0.0.1", ((InetSocketAddress) server.localAddress()).getPort()));
        return socket;
    }

    private static String line(InputStream in) throws Exception {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                return null;
            }
            line.append((char) c);
        }
        return line.toString();
    }

    @Test
    void theFirstBytesChooseTheProtocolAndReachItWhole() throws Exception {
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            out.write("A".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(50);   // a separate read: the detector holds the byte until it can decide
            out.write("XY-1".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(line(socket.getInputStream())).isEqualTo("second:AXY-1");
            out.write("more".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(line(socket.getInputStream())).isEqualTo("second:more");
        }
        try (Socket socket = connect()) {
            socket.getOutputStream().write("ABC".getBytes(StandardCharsets.US_ASCII));
            assertThat(line(socket.getInputStream())).isEqualTo("first:ABC");
        }
    }

    @Test
    void anUnknownOpeningIsClosed() throws Exception {
        try (Socket socket = connect()) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void aSilentConnectionIsClosedAtTheTimeout() throws Exception {
        try (Socket socket = connect()) {
            socket.getOutputStream().write("A".getBytes(StandardCharsets.US_ASCII));
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }
}
