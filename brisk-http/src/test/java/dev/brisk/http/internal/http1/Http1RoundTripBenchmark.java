package dev.brisk.http.internal.http1;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 request decoded and its echo response encoded, without sockets: Brisk's connection handler against
 * Netty's {@code HttpServerCodec} + {@code HttpObjectAggregator}. Shows the user-space cost per request that the
 * load tests measure together with the kernel's.
 *
 * <pre>bench/jmh.sh brisk-http Http1RoundTrip -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class Http1RoundTripBenchmark {

    @Param({"16", "1024"})
    public int bodySize;

    private byte[] request;
    private EmbeddedChannel brisk;
    private EmbeddedChannel netty;

    @Setup(Level.Trial)
    public void setUp() {
        String body = "x".repeat(bodySize);
        request = ("POST /echo HTTP/1.1\r\nHost: localhost:8080\r\nUser-Agent: bench\r\nAccept: */*\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: " + bodySize + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.US_ASCII);
        HttpHandler echo = r -> r.response().header("content-type", r.headers().get("content-type", "x"))
                .send(r.body().retain());
        brisk = new EmbeddedChannel(new Http1Connection(
                new ServerContext(HttpServer.builder().port(0).handler(echo).options(), echo, null), false));
        netty = new EmbeddedChannel(new HttpServerCodec(), new HttpObjectAggregator(10 * 1024 * 1024),
                new NettyEcho());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        brisk.finishAndReleaseAll();
        netty.finishAndReleaseAll();
    }

    @Benchmark
    public int brisk() {
        return roundTrip(brisk);
    }

    @Benchmark
    public int netty() {
        return roundTrip(netty);
    }

    private int roundTrip(EmbeddedChannel channel) {
        channel.writeInbound(Unpooled.wrappedBuffer(request));
        channel.flushOutbound();
        int bytes = 0;
        Object out;
        while ((out = channel.readOutbound()) != null) {
            ByteBuf buf = (ByteBuf) out;
            bytes += buf.readableBytes();
            buf.release();
        }
        return bytes;
    }

    private static final class NettyEcho extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    request.content().retain());
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, request.headers().get(HttpHeaderNames.CONTENT_TYPE));
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            ctx.write(response);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }
}
