package dev.brisk.client.internal.http2;

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
import io.netty.channel.Channel;
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
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.HttpConversionUtil;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.ReferenceCountUtil;

import io.netty.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request/response exchange on an HTTP/2 stream: the last handler of the stream's child channel, which converts
 * frames to and from HTTP/1-style objects. A read timeout closes the child channel, which resets only this stream
 * (RST_STREAM CANCEL); the connection and its other streams go on. A stream the server never processed (above a
 * GOAWAY's last-stream-id, or reset with REFUSED_STREAM) fails with {@link StreamRefusedException}, which is safe to
 * retry.
 */
final class Http2Stream extends ChannelInboundHandlerAdapter implements Lease, StreamSource {

    /** The name of the frame/object converter in the stream's pipeline; a chunked body's writer goes after it. */
    static final String CODEC = "codec";
    static final String CHUNKED_WRITER = "chunked-writer";
    private static final long MAX_PRESIZE = 16 * 1024 * 1024;

    private final Http2Connection connection;
    private final boolean reusedConnection;
    private Channel channel;
    private Exchange call;
    private boolean ended;
    private boolean writeDone;
    private boolean responseStarted;
    private boolean informational;
    private String refusedReason;
    private boolean refusedByGoAway;
    private int status;
    private HttpHeaders responseHeaders;
    private BodyBuffer body;
    private ResponseStream stream;
    private long readTimeoutNanos;
    private long lastReadNanos;
    private ScheduledFuture<?> readTimer;
    private ScheduledFuture<?> writeTimer;

    Http2Stream(Http2Connection connection, boolean reusedConnection) {
        this.connection = connection;
        this.reusedConnection = reusedConnection;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
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
            RequestHeads.complete(NettyHeaders.netty(request.headers()), settings.key(), request.method(),
                    requestBody, settings.decompression());
            if (requestBody.chunked(false)) {
                channel.pipeline().addAfter(CODEC, CHUNKED_WRITER, new ChunkedWriteHandler());
            }
            written = requestBody.write(channel, request.method(), RequestHeads.target(request.uri()),
                    NettyHeaders.netty(request.headers()), false);
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
            Throwable cause = future.cause();
            if (cause instanceof Http2Exception h2 && h2.error() == Http2Error.REFUSED_STREAM) {
                fail(new StreamRefusedException(key(), cause.getMessage()));
            } else {
                fail(closed(cause));
            }
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
        connection.settings().recordAltSvc(responseHeaders);
        if (call.streamed() && !call.follows(code)) {
            // the body follows as the subscriber asks for it; unread frames hold back the stream's window
            ResponseStream s = new ResponseStream(key(), status, Protocol.HTTP_2, responseHeaders,
                    call.request(), connection.settings().codecs(), connection.settings().maxResponseSize(),
                    channel.eventLoop(), this);
            stream = s;
            responseHeaders = null;
            channel.config().setAutoRead(false);
            call.onResponse(s);
            return;
        }
        long max = connection.settings().maxResponseSize();
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
            ReceivedResponse response = new ReceivedResponse(status, Protocol.HTTP_2, responseHeaders,
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
     * Asks the stream channel for the next frames. The read also writes the WINDOW_UPDATE for what was consumed, but
     * flushes it only when no read is under way; flushing here makes sure the server hears of the space.
     */
    private void readMore() {
        channel.read();
        channel.flush();
    }

    @Override
    public void cancel(ResponseStream s) {
        if (stream == s) {
            end();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof Http2GoAwayFrame) {
            // sent only to streams above the last-stream-id; the frame's copy has lost that id, and the connection
            // learns it just after this event: the reason is written when the stream closes (checkGoAway)
            refusedByGoAway = true;
        } else if (evt instanceof Http2ResetFrame reset && reset.errorCode() == Http2Error.REFUSED_STREAM.code()
                && !responseStarted) {
            refusedReason = "RST_STREAM REFUSED_STREAM";
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** Notes a refusal by GOAWAY (the codec closes such streams, sometimes before telling us). */
    private void checkGoAway() {
        if (refusedReason == null && (refusedByGoAway || channel instanceof Http2StreamChannel stream
                && connection.refusedByGoAway(stream.stream().id()))) {
            refusedReason = "GOAWAY with last-stream-id " + connection.goAwayLastStreamId();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        checkGoAway();
        if (call != null) {
            fail(refusedReason != null ? new StreamRefusedException(key(), refusedReason)
                    : closed(connection.closeCause()));
        } else {
            end();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        checkGoAway();
        if (call != null) {
            fail(refusedReason != null ? new StreamRefusedException(key(), refusedReason)
                    : cause instanceof Http2Exception.HeaderListSizeException
                    ? new ResponseTooLargeException(key(), "response head from " + key() + " is larger than the"
                            + " client accepts: " + cause.getMessage(), cause)
                    : new HttpClientException(key(), "error on HTTP/2 stream to " + key() + ": " + cause, cause));
        }
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
