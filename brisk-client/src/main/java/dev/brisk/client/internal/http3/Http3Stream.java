package dev.brisk.client.internal.http3;

import dev.brisk.client.ClientReadTimeoutException;
import dev.brisk.client.ClientWriteTimeoutException;
import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.ResponseTooLargeException;
import dev.brisk.client.StreamRefusedException;
import dev.brisk.client.internal.exchange.BodyBuffer;
import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.exchange.Exchange;
import dev.brisk.client.internal.exchange.Lease;
import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.client.internal.exchange.ReceivedResponse;
import dev.brisk.client.internal.exchange.RequestBody;
import dev.brisk.client.internal.exchange.RequestHeads;
import dev.brisk.client.internal.exchange.ResponseStream;
import dev.brisk.client.internal.exchange.StreamSource;
import dev.brisk.http.common.Protocol;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http3.HttpConversionUtil;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request/response exchange on an HTTP/3 request stream: the last handler of the QUIC stream channel, after
 * Netty's frame/object converter. A read timeout closes the stream channel, which resets only this stream; the
 * connection and its other streams go on. A stream at or above a GOAWAY's stream id was not processed by the server
 * and fails with {@link StreamRefusedException}, which is safe to retry. A streamed response turns auto-read off, so
 * unread data holds back the stream's QUIC flow-control window.
 */
final class Http3Stream extends ChannelInboundHandlerAdapter implements Lease, StreamSource {

    static final String CODEC = "codec";
    private static final long MAX_PRESIZE = 16 * 1024 * 1024;

    private final Http3Connection connection;
    private final boolean reusedConnection;
    private QuicStreamChannel channel;
    private Exchange call;
    private boolean ended;
    private boolean writeDone;
    private boolean responseStarted;
    private boolean informational;
    private int status;
    private HttpHeaders responseHeaders;
    private BodyBuffer body;
    private ResponseStream stream;
    private long readTimeoutNanos;
    private long lastReadNanos;
    private ScheduledFuture<?> readTimer;
    private ScheduledFuture<?> writeTimer;

    Http3Stream(Http3Connection connection, boolean reusedConnection) {
        this.connection = connection;
        this.reusedConnection = reusedConnection;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = (QuicStreamChannel) ctx.channel();
    }

    private String key() {
        return connection.settings().key().toString();
    }

    @Override
    public void send(Exchange exchange) {
        this.call = exchange;
        ConnectionSettings settings = connection.settings();
        HttpRequest request = exchange.request();
        readTimeoutNanos = request.settings().readTimeout().toNanos();
        RequestBody requestBody = exchange.body();
        ChannelFuture written;
        try {
            HttpHeaders headers = NettyHeaders.netty(request.headers());
            RequestHeads.complete(headers, settings.key(), request.method(), requestBody, settings.decompression());
            if (requestBody.chunked(false)) {
                channel.pipeline().addAfter(CODEC, ChunkPump.NAME, new ChunkPump());
            }
            written = requestBody.write(channel, request.method(), RequestHeads.target(request.uri()), headers,
                    false);
        } catch (RuntimeException e) {
            fail(new HttpClientException(key(), "cannot send " + request + ": " + e.getMessage(), e));
            return;
        }
        if (!written.isDone()) {
            long writeTimeoutNanos = request.settings().writeTimeout().toNanos();
            if (writeTimeoutNanos > 0) {
                writeTimer = channel.eventLoop().schedule(this::writeTimedOut, writeTimeoutNanos,
                        TimeUnit.NANOSECONDS);
            }
        }
        written.addListener(this::written);
    }

    private void written(Future<? super Void> future) {
        cancel(writeTimer);
        writeTimer = null;
        if (call == null) {
            return;
        }
        if (!future.isSuccess()) {
            fail(refusedOr(closed(future.cause())));
            return;
        }
        writeDone = true;
        if (readTimeoutNanos > 0 && !ended) {
            lastReadNanos = System.nanoTime();
            readTimer = channel.eventLoop().schedule(this::checkReadTimeout, readTimeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (call == null) {
                return;
            }
            responseStarted = true;
            lastReadNanos = System.nanoTime();
            if (msg instanceof HttpResponse head) {
                onHead(head);
            }
            if (msg instanceof HttpContent content && call != null && !informational) {
                onContent(content);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onHead(HttpResponse head) {
        int code = head.status().code();
        if (code >= 100 && code < 200) {
            informational = true;
            return;
        }
        informational = false;
        status = code;
        responseHeaders = head.headers();
        responseHeaders.remove(HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text());
        ConnectionSettings settings = connection.settings();
        settings.recordAltSvc(responseHeaders);
        if (call.streamed() && !call.follows(code)) {
            ResponseStream s = new ResponseStream(key(), status, Protocol.HTTP_3, responseHeaders, call.request(),
                    settings.codecs(), settings.maxResponseSize(), channel.eventLoop(), this);
            stream = s;
            responseHeaders = null;
            channel.config().setAutoRead(false);
            call.onResponse(s);
            return;
        }
        long max = settings.maxResponseSize();
        long length = code == 204 || code == 304 || call.request().method() == HttpMethod.HEAD ? 0
                : HttpUtil.getContentLength(head, -1L);
        if (length > max) {
            fail(new ResponseTooLargeException(key(), max));
            return;
        }
        body = new BodyBuffer(Math.min(length, MAX_PRESIZE), max);
    }

    private void onContent(HttpContent content) {
        if (stream != null) {
            stream.onData(content.content());
            if (content instanceof LastHttpContent last && stream != null) {
                ResponseStream s = stream;
                end();
                s.onEnd(last.trailingHeaders());
            }
            return;
        }
        if (body == null) {
            fail(new HttpClientException(key(), "invalid response from " + key() + ": content without head"));
            return;
        }
        if (!body.append(content.content())) {
            fail(new ResponseTooLargeException(key(), connection.settings().maxResponseSize()));
            return;
        }
        if (content instanceof LastHttpContent last) {
            HttpHeaders trailers = last.trailingHeaders();
            Exchange c = call;
            ReceivedResponse response = new ReceivedResponse(status, Protocol.HTTP_3, responseHeaders,
                    trailers.isEmpty() ? EmptyHttpHeaders.INSTANCE : trailers, body.data(), body.size(),
                    c.request(), connection.settings().codecs());
            end();
            c.onResponse(response);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ResponseStream s = stream;
        if (s != null && s.awaitingData()) {
            readMore();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void read(ResponseStream s) {
        if (stream == s) {
            lastReadNanos = System.nanoTime();
            readMore();
        }
    }

    /**
     * Asks the stream for more data. Reading lets QUIC grant the server more of the stream's flow-control window;
     * flushing the connection makes sure the MAX_STREAM_DATA frame goes out now rather than with the next packet.
     */
    private void readMore() {
        channel.read();
        channel.parent().flush();
    }

    @Override
    public void cancel(ResponseStream s) {
        if (stream == s) {
            end();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (call != null) {
            fail(refusedOr(closed(null)));
        } else {
            end();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (call != null) {
            fail(refusedOr(new HttpClientException(key(), "error on HTTP/3 stream to " + key() + ": " + cause,
                    cause)));
        }
    }

    /** {@code failure}, unless the server's GOAWAY says it never processed this stream. */
    private Throwable refusedOr(Throwable failure) {
        if (!responseStarted && channel != null && connection.refusedByGoAway(channel.streamId())) {
            return new StreamRefusedException(key(), "GOAWAY before stream " + channel.streamId());
        }
        return failure;
    }

    private ConnectionClosedException closed(Throwable cause) {
        return new ConnectionClosedException(key(), reusedConnection, responseStarted, cause);
    }

    private void checkReadTimeout() {
        readTimer = null;
        if (call == null) {
            return;
        }
        ResponseStream s = stream;
        if (s != null && !s.awaitingData()) {
            lastReadNanos = System.nanoTime(); // a paused subscriber is not a silent server
        }
        long idle = System.nanoTime() - lastReadNanos;
        if (idle >= readTimeoutNanos) {
            fail(new ClientReadTimeoutException(key(), TimeUnit.NANOSECONDS.toMillis(readTimeoutNanos)));
        } else {
            readTimer = channel.eventLoop().schedule(this::checkReadTimeout, readTimeoutNanos - idle,
                    TimeUnit.NANOSECONDS);
        }
    }

    private void writeTimedOut() {
        writeTimer = null;
        if (call != null && !writeDone) {
            fail(new ClientWriteTimeoutException(key(), call.request().settings().writeTimeout().toMillis()));
        }
    }

    private void fail(Throwable cause) {
        ResponseStream s = stream;
        if (s != null) {
            end();
            s.onError(cause);
            return;
        }
        Exchange c = call;
        if (c == null) {
            return;
        }
        end();
        c.onExchangeFailed(cause);
    }

    /** Ends the exchange once: timers off, the stream closed (reset if still open), the slot given back. */
    private void end() {
        call = null;
        body = null;
        stream = null;
        responseHeaders = null;
        cancel(readTimer);
        cancel(writeTimer);
        readTimer = writeTimer = null;
        if (!ended) {
            ended = true;
            channel.close();
            connection.streamEnded();
        }
    }

    @Override
    public void abort() {
        end();
    }

    @Override
    public void releaseUnused() {
        end();
    }

    private static void cancel(ScheduledFuture<?> timer) {
        if (timer != null) {
            timer.cancel(false);
        }
    }
}
