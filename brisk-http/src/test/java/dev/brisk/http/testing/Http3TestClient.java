package dev.brisk.http.testing;

import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.DefaultQuicStreamFrame;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.ReferenceCountUtil;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/3 client on Netty's own HTTP/3 classes ({@link Http3ClientConnectionHandler}), for tests of the server over
 * real UDP sockets: one QUIC connection, requests on streams of it, responses collected whole.
 */
public final class Http3TestClient implements AutoCloseable {

    /** A response collected whole, or how its stream ended without one. */
    public record Response(int status, Http3Headers headers, byte[] body, Http3Headers trailers, Throwable error) {

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            CharSequence value = headers.get(name);
            return value == null ? null : value.toString();
        }

        /** The application error code of the server's RESET_STREAM, -1 when the stream was not reset. */
        public long resetCode() {
            return error instanceof QuicStreamResetException reset ? reset.applicationProtocolCode() : -1;
        }

        /** E.g. {@code "200 'ok 7'"}, {@code "431 'request header section larger than 8192 bytes'"}, {@code "reset 0x10e"}. */
        @Override
        public String toString() {
            if (status > 0) {
                return status + " '" + bodyText() + "'" + (error == null ? "" : " then " + error);
            }
            return resetCode() >= 0 ? "reset 0x" + Long.toHexString(resetCode()) : "no response: " + error;
        }
    }

    private final EventLoopGroup group;
    private final Channel datagram;
    private final QuicChannel connection;
    private final CompletableFuture<QuicConnectionCloseEvent> closed;

    private Http3TestClient(EventLoopGroup group, Channel datagram, QuicChannel connection,
                            CompletableFuture<QuicConnectionCloseEvent> closed) {
        this.group = group;
        this.datagram = datagram;
        this.connection = connection;
        this.closed = closed;
    }

    /** Connects to {@code 127.0.0.1:port}, trusting any certificate, within five seconds. */
    public static Http3TestClient connect(int port) throws Exception {
        return connect(port, new Http3ClientConnectionHandler(), 16L * 1024 * 1024);
    }

    /**
     * Connects with a flow-control window of {@code streamWindow} bytes for each response (and 4 times that for the
     * connection): a client that stops reading holds the server's responses back after so many bytes.
     */
    public static Http3TestClient connect(int port, long streamWindow) throws Exception {
        return connect(port, new Http3ClientConnectionHandler(), streamWindow);
    }

    /**
     * Connects over QUIC with ALPN {@code h3} but without HTTP/3 on the client's side: no control stream, no
     * SETTINGS; the caller opens the streams and writes their bytes ({@link #rawStream}).
     */
    public static Http3TestClient connectWithoutHttp3(int port) throws Exception {
        return connect(port, new ChannelInboundHandlerAdapter(), 16L * 1024 * 1024);
    }

    private static Http3TestClient connect(int port, ChannelHandler connectionHandler, long streamWindow)
            throws Exception {
        EventLoopGroup group = Transports.newGroup(Transport.NIO, 1, "h3-test-client", true);
        try {
            ChannelHandler codec = Http3.newQuicClientCodecBuilder()
                    .sslContext(QuicSslContextBuilder.forClient()
                            .trustManager(InsecureTrustManagerFactory.INSTANCE)
                            .applicationProtocols(Http3.supportedApplicationProtocols()).build())
                    .maxIdleTimeout(10, TimeUnit.SECONDS)
                    .initialMaxData(4 * streamWindow)
                    .initialMaxStreamDataBidirectionalLocal(streamWindow)
                    .build();
            Channel datagram = new Bootstrap().group(group).channel(Transports.datagramChannel(Transport.NIO))
                    .option(ChannelOption.SO_RCVBUF, 4 * 1024 * 1024).option(ChannelOption.SO_SNDBUF, 4 * 1024 * 1024)
                    .handler(codec).bind(0).sync().channel();
            CompletableFuture<QuicConnectionCloseEvent> closed = new CompletableFuture<>();
            QuicChannel connection = QuicChannel.newBootstrap(datagram)
                    .handler(new ChannelInitializer<QuicChannel>() {
                        @Override
                        protected void initChannel(QuicChannel channel) {
                            channel.pipeline().addLast(new CloseRecorder(closed), connectionHandler);
                        }
                    })
                    .remoteAddress(new InetSocketAddress("127.0.0.1", port))
                    .connect().get(5, TimeUnit.SECONDS);
            return new Http3TestClient(group, datagram, connection, closed);
        } catch (Exception e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    public QuicChannel connection() {
        return connection;
    }

    /**
     * How the server closed the connection: completes with its CONNECTION_CLOSE (application error code in
     * {@link QuicConnectionCloseEvent#error()}) when one arrives.
     */
    public CompletableFuture<QuicConnectionCloseEvent> closedByServer() {
        return closed;
    }

    /**
     * Sends {@code bytes} as they are (HTTP/3 frames the caller encoded, see {@link Http3Wire}) on a new request
     * stream, then FIN if {@code fin}; the response is decoded by Netty's codec as for {@link #send}.
     */
    public CompletableFuture<Response> sendRaw(byte[] bytes, boolean fin) throws Exception {
        CompletableFuture<Response> result = new CompletableFuture<>();
        QuicStreamChannel stream = Http3.newRequestStream(connection, new Collector(result)).get(5, TimeUnit.SECONDS);
        writeRaw(stream, bytes, fin);
        return result;
    }

    /**
     * Writes {@code bytes} on {@code stream} past any HTTP/3 codec in its pipeline (straight to QUIC), then FIN if
     * {@code fin}.
     */
    public static ChannelFuture writeRaw(QuicStreamChannel stream, byte[] bytes, boolean fin) {
        ChannelHandlerContext head = stream.pipeline().context(RAW);
        if (head == null) {
            stream.pipeline().addFirst(RAW, new ChannelDuplexHandler());
            head = stream.pipeline().context(RAW);
        }
        return head.writeAndFlush(new DefaultQuicStreamFrame(Unpooled.wrappedBuffer(bytes), fin));
    }

    /** Opens a stream of {@code type} with no HTTP/3 handling and writes {@code bytes} on it. */
    public QuicStreamChannel rawStream(QuicStreamType type, byte[] bytes, boolean fin) throws Exception {
        QuicStreamChannel stream = connection.createStream(type, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
            }
        }).get(5, TimeUnit.SECONDS);
        writeRaw(stream, bytes, fin).sync();
        return stream;
    }

    /** The client's own control stream, once Netty's HTTP/3 client has opened it (within five seconds). */
    public QuicStreamChannel controlStream() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        QuicStreamChannel control;
        while ((control = Http3.getLocalControlStream(connection)) == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return control;
    }

    /** A GET of {@code path}. */
    public Response get(String path) throws Exception {
        return send("GET", path, Map.of(), List.of()).get(10, TimeUnit.SECONDS);
    }

    /** A POST of {@code body} with its content-length. */
    public Response post(String path, byte[] body) throws Exception {
        return send("POST", path, Map.of("content-length", String.valueOf(body.length)), List.of(body))
                .get(20, TimeUnit.SECONDS);
    }

    /** Sends a request on a new stream: the head, each piece of {@code body} in a DATA frame of its own, then FIN. */
    public CompletableFuture<Response> send(String method, String path, Map<String, String> fields,
                                            List<byte[]> body) throws Exception {
        CompletableFuture<Response> result = new CompletableFuture<>();
        QuicStreamChannel stream = Http3.newRequestStream(connection, new Collector(result)).get(5, TimeUnit.SECONDS);
        Http3Headers head = new DefaultHttp3Headers().method(method).path(path).scheme("https")
                .authority("localhost");
        fields.forEach(head::add);
        ChannelFuture last = stream.write(new DefaultHttp3HeadersFrame(head));
        for (byte[] piece : body) {
            last = stream.write(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(piece)));
        }
        stream.flush();
        // the end of the stream once QUIC has taken every byte: a FIN sent earlier would cut the body short
        last.addListener(f -> stream.shutdownOutput());
        return result;
    }

    /**
     * Sends a request of only a head (then FIN) on a stream that never reads: the response stays in the client's
     * flow-control window, and holds the server back once that is full.
     */
    public QuicStreamChannel sendWithoutReading(String method, String path, CompletableFuture<Response> result)
            throws Exception {
        QuicStreamChannel stream = Http3.newRequestStreamBootstrap(connection, new Collector(result))
                .option(ChannelOption.AUTO_READ, false).create().get(5, TimeUnit.SECONDS);
        Http3Headers head = new DefaultHttp3Headers().method(method).path(path).scheme("https")
                .authority("localhost");
        stream.writeAndFlush(new DefaultHttp3HeadersFrame(head)).addListener(f -> stream.shutdownOutput());
        return stream;
    }

    /** Opens a stream and sends only the head, leaving the body to {@code stream}'s owner. */
    public QuicStreamChannel open(String method, String path, Map<String, String> fields,
                                  CompletableFuture<Response> result) throws Exception {
        QuicStreamChannel stream = Http3.newRequestStream(connection, new Collector(result)).get(5, TimeUnit.SECONDS);
        Http3Headers head = new DefaultHttp3Headers().method(method).path(path).scheme("https")
                .authority("localhost");
        fields.forEach(head::add);
        stream.writeAndFlush(new DefaultHttp3HeadersFrame(head));
        return stream;
    }

    @Override
    public void close() {
        connection.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        datagram.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    private static final String RAW = "raw-bytes";

    /** Keeps the CONNECTION_CLOSE of the peer. */
    private static final class CloseRecorder extends ChannelInboundHandlerAdapter {
        private final CompletableFuture<QuicConnectionCloseEvent> closed;

        CloseRecorder(CompletableFuture<QuicConnectionCloseEvent> closed) {
            this.closed = closed;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof QuicConnectionCloseEvent close) {
                closed.complete(close);
            }
            ctx.fireUserEventTriggered(event);
        }
    }

    /** Collects the response of one stream. */
    private static final class Collector extends Http3RequestStreamInboundHandler {
        private final CompletableFuture<Response> result;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private Http3Headers headers;
        private Http3Headers trailers;

        Collector(CompletableFuture<Response> result) {
            this.result = result;
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (headers == null) {
                headers = frame.headers();
            } else {
                trailers = frame.headers();
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            ByteBuf content = frame.content();
            byte[] bytes = new byte[content.readableBytes()];
            content.readBytes(bytes);
            body.writeBytes(bytes);
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            complete(null);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            complete(cause);
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            complete(new IllegalStateException("stream closed before the response ended"));
        }

        private void complete(Throwable error) {
            if (result.isDone()) {
                return;
            }
            int status = headers == null ? -1 : Integer.parseInt(headers.status().toString());
            result.complete(new Response(status, headers, body.toByteArray(), trailers, error));
        }
    }
}
