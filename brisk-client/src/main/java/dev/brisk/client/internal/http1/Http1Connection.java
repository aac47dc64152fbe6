package dev.brisk.client.internal.http1;

import dev.brisk.client.ClientReadTimeoutException;
import dev.brisk.client.ClientWriteTimeoutException;
import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.ResponseTooLargeException;
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
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.ExclusiveConnection;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.Waiter;
import dev.brisk.http.common.Protocol;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.ReferenceCountUtil;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One pooled HTTP/1.1 connection: the last handler of its pipeline, after the codec ({@link #CODEC}) and the optional
 * decompressor. Writes one request at a time for the {@link Exchange} that leased it, assembles the response straight
 * into a heap array (or hands it on as a {@link ResponseStream}), runs the read and write timers, and hands itself back
 * to its {@link ConnectionOwner} when the exchange ends with the connection still reusable. Touched only on its event
 * loop.
 */
public final class Http1Connection extends ChannelInboundHandlerAdapter
        implements ChannelFutureListener, Lease, ExclusiveConnection, StreamSource {

    /** The name of the HTTP/1.1 codec in the pipeline; a chunked body's writer goes right after it. */
    public static final String CODEC = "codec";
    static final String CHUNKED_WRITER = "chunked-writer";
    private static final long MAX_PRESIZE = 16 * 1024 * 1024;

    private final ConnectionSettings settings;
    private final ConnectionOwner owner;
    private final HostKey key;
    private Channel channel;

    private Exchange call;
    private boolean detached;
    private int exchanges;
    private long idleSinceNanos;

    private boolean writeDone;
    private boolean chunkedWriter;
    private boolean responseStarted;
    private boolean informational;
    private boolean keepAlive;
    private int status;
    private Protocol protocol;
    private HttpHeaders responseHeaders;
    private BodyBuffer body;
    private ResponseStream stream;

    private long readTimeoutNanos;
    private long lastReadNanos;
    private long readTimerDeadline;
    private ScheduledFuture<?> readTimer;
    private ScheduledFuture<?> writeTimer;
    private final Runnable readTimeoutTask = this::checkReadTimeout;
    private final Runnable writeTimeoutTask = this::writeTimedOut;
    private final Runnable continueTimeoutTask = this::sendBody;
    private boolean awaitingContinue;
    private ScheduledFuture<?> continueTimer;

    public Http1Connection(ConnectionSettings settings, ConnectionOwner owner) {
        this.settings = settings;
        this.owner = owner;
        this.key = settings.key();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    public boolean isUsable() {
        return call == null && channel.isActive();
    }

    @Override
    public long idleSinceNanos() {
        return idleSinceNanos;
    }

    @Override
    public void markIdle(long nowNanos) {
        idleSinceNanos = nowNanos;
    }

    /** Lends this connection to {@code waiter}: every waiter of the client's pools is a call, an {@link Exchange}. */
    @Override
    public void lendTo(Waiter waiter) {
        ((Exchange) waiter).onAcquired(this);
    }

    /** Sends the call's current request. */
    @Override
    public void send(Exchange exchange) {
        this.call = exchange;
        exchanges++;
        writeDone = false;
        responseStarted = false;
        informational = false;
        awaitingContinue = false;
        responseHeaders = null;
        body = null;
        HttpRequest request = exchange.request();
        HttpRequest.Settings limits = request.settings();
        readTimeoutNanos = limits.readTimeout().toNanos();
        RequestBody requestBody = exchange.body();
        ChannelFuture written;
        try {
            RequestHeads.complete(NettyHeaders.netty(request.headers()), key, request.method(), requestBody,
                    settings.decompression());
            if (requestBody.chunked(settings.zeroCopy()) && !chunkedWriter) {
                channel.pipeline().addAfter(CODEC, CHUNKED_WRITER, new ChunkedWriteHandler());
                chunkedWriter = true;
            }
            if (requestBody.length() != 0 && NettyHeaders.netty(request.headers()).containsValue(
                    HttpHeaderNames.EXPECT,
                    HttpHeaderValues.CONTINUE, true)) {
                // headers first; the body follows the 100, or the timeout, or never when a final status comes first
                requestBody.writeHead(channel, request.method(), RequestHeads.target(request.uri()),
                        NettyHeaders.netty(request.headers()));
                awaitingContinue = true;
                continueTimer = channel.eventLoop().schedule(continueTimeoutTask,
                        settings.expectContinueTimeoutNanos(), TimeUnit.NANOSECONDS);
                return;
            }
            written = requestBody.write(channel, request.method(), RequestHeads.target(request.uri()),
                    NettyHeaders.netty(request.headers()), settings.zeroCopy());
        } catch (RuntimeException e) {
            fail(new HttpClientException(key.toString(), "cannot send " + request + ": " + e.getMessage(), e));
            return;
        }
        watchWrite(written, limits);
    }

    /** Sends the body of a request that expected 100-continue (the 100 came, or the wait timed out). */
    private void sendBody() {
        continueTimer = null;
        if (call == null || !awaitingContinue) {
            return;
        }
        awaitingContinue = false;
        ChannelFuture written = call.body().writeBody(channel, settings.zeroCopy());
        watchWrite(written, call.request().settings());
    }

    private void watchWrite(ChannelFuture written, HttpRequest.Settings settings) {
        if (!written.isDone()) {
            long writeTimeoutNanos = settings.writeTimeout().toNanos();
            if (writeTimeoutNanos > 0) {
                writeTimer = channel.eventLoop().schedule(writeTimeoutTask, writeTimeoutNanos, TimeUnit.NANOSECONDS);
            }
        }
        written.addListener(this);
    }

    /** The write of the whole request finished. */
    @Override
    public void operationComplete(ChannelFuture future) {
        if (chunkedWriter && channel.pipeline().get(CHUNKED_WRITER) != null) {
            channel.pipeline().remove(CHUNKED_WRITER);
            chunkedWriter = false;
        }
        if (call == null) {
            return;
        }
        cancelWriteTimer();
        if (!future.isSuccess()) {
            fail(closed(future.cause()));
            return;
        }
        writeDone = true;
        if (readTimeoutNanos > 0) {
            armReadTimer();
        }
    }

    /**
     * Starts watching for silence. The timer outlives the exchange: a later exchange reuses it when it is due no
     * later than this one's deadline, so a busy connection schedules about one timer per timeout period, not one
     * per request.
     */
    private void armReadTimer() {
        long now = System.nanoTime();
        lastReadNanos = now;
        long deadline = now + readTimeoutNanos;
        if (readTimer != null) {
            if (readTimerDeadline - deadline <= 0) {
                return;
            }
            readTimer.cancel(false);
        }
        readTimerDeadline = deadline;
        readTimer = channel.eventLoop().schedule(readTimeoutTask, readTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (call == null) {
                close(); // nothing was asked for: the connection is out of step, never reuse it
                return;
            }
            responseStarted = true;
            DecoderResult result = ((HttpObject) msg).decoderResult();
            if (result.isFailure()) {
                Throwable cause = result.cause();
                fail(cause instanceof PrematureChannelClosureException ? closed(cause)
                        : cause instanceof TooLongFrameException ? tooLarge(cause)
                        : new HttpClientException(key.toString(), "invalid response from " + key + ": "
                        + cause.getMessage(), cause));
                return;
            }
            if (msg instanceof HttpResponse head) {
                onHead(head);
            }
            if (msg instanceof HttpContent content && call != null) {
                onContent(content);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** A line or header block above the codec's limits (the pipeline's {@link #CODEC}). */
    private ResponseTooLargeException tooLarge(Throwable cause) {
        String part = responseHeaders == null && stream == null ? "response head" : "chunk line or trailers";
        return new ResponseTooLargeException(key.toString(), part + " from " + key + " is larger than the client"
                + " accepts: " + cause.getMessage(), cause);
    }

    private void onHead(HttpResponse head) {
        int code = head.status().code();
        if (code >= 100 && code < 200 && code != 101) {
            informational = true; // 100 Continue and friends: the real response follows
            if (code == 100 && awaitingContinue) {
                cancelContinueTimer();
                sendBody();
            }
            return;
        }
        informational = false;
        if (awaitingContinue) {
            // a final status instead of 100: the body is never sent and the request is over
            awaitingContinue = false;
            cancelContinueTimer();
            writeDone = true;
            // ends the request for the encoder without a byte on the wire, so the next request can follow
            channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, channel.voidPromise());
        }
        status = code;
        protocol = head.protocolVersion() == HttpVersion.HTTP_1_0 ? Protocol.HTTP_1_0 : Protocol.HTTP_1_1;
        responseHeaders = head.headers();
        settings.recordAltSvc(responseHeaders);
        keepAlive = HttpUtil.isKeepAlive(head);
        if (call.streamed() && !call.follows(code)) {
            startStream();
            return;
        }
        long max = settings.maxResponseSize();
        long length;
        if (code == 204 || code == 304 || call.request().method() == HttpMethod.HEAD) {
            length = 0;
        } else {
            length = HttpUtil.getContentLength(head, -1L);
            if (length > max) {
                fail(new ResponseTooLargeException(key.toString(), max));
                return;
            }
        }
        body = new BodyBuffer(Math.min(length, MAX_PRESIZE), max);
    }

    /** Hands the response to the call now; the body follows as the stream's subscriber asks for it. */
    private void startStream() {
        ResponseStream s = new ResponseStream(key.toString(), status, protocol, responseHeaders, call.request(),
                settings.codecs(), settings.maxResponseSize(), channel.eventLoop(), this);
        stream = s;
        responseHeaders = null;
        channel.config().setAutoRead(false);
        call.onResponse(s);
    }

    private void onContent(HttpContent content) {
        if (informational) {
            return;
        }
        if (stream != null) {
            stream.onData(content.content());
            if (content instanceof LastHttpContent last && stream != null) {
                endStream(last.trailingHeaders());
            }
            return;
        }
        if (body == null) {
            fail(new HttpClientException(key.toString(), "invalid response from " + key + ": content without head"));
            return;
        }
        if (!body.append(content.content())) {
            fail(new ResponseTooLargeException(key.toString(), settings.maxResponseSize()));
            return;
        }
        if (content instanceof LastHttpContent last) {
            HttpHeaders trailers = last.trailingHeaders();
            complete(trailers.isEmpty() ? EmptyHttpHeaders.INSTANCE : trailers);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (call != null) {
            lastReadNanos = System.nanoTime();
        }
        ResponseStream s = stream;
        if (s != null && s.awaitingData()) {
            channel.read(); // the last read held no whole chunk: keep reading while the subscriber waits
        }
        ctx.fireChannelReadComplete();
    }

    /** The streamed body ended: the exchange is over, the connection goes back with auto-read on again. */
    private void endStream(HttpHeaders trailers) {
        ResponseStream s = stream;
        stream = null;
        call = null;
        cancelWriteTimer();
        channel.config().setAutoRead(true);
        if (keepAlive && writeDone && channel.isActive()) {
            owner.release(this);
        } else {
            close();
        }
        s.onEnd(trailers);
    }

    @Override
    public void read(ResponseStream s) {
        if (stream == s) {
            lastReadNanos = System.nanoTime();
            channel.read();
        }
    }

    @Override
    public void cancel(ResponseStream s) {
        if (stream == s) {
            stream = null;
            call = null;
            close();
        }
    }

    private void complete(HttpHeaders trailers) {
        Exchange c = call;
        call = null;
        cancelWriteTimer(); // the read timer stays for the next exchange (see armReadTimer)
        ReceivedResponse response = new ReceivedResponse(status, protocol, responseHeaders, trailers, body.data(),
                body.size(), c.request(), settings.codecs());
        body = null;
        responseHeaders = null;
        if (keepAlive && writeDone && channel.isActive()) {
            owner.release(this);
        } else {
            close();
        }
        c.onResponse(response);
    }

    private void fail(Throwable cause) {
        ResponseStream s = stream;
        if (s != null) {
            stream = null;
            call = null;
            close();
            s.onError(cause);
            return;
        }
        Exchange c = call;
        if (c == null) {
            return;
        }
        call = null;
        body = null;
        responseHeaders = null;
        cancelTimers();
        close();
        c.onExchangeFailed(cause);
    }

    @Override
    public void releaseUnused() {
        owner.release(this);
    }

    /** Drops the current exchange (call cancelled or timed out) and closes the connection. */
    @Override
    public void abort() {
        call = null;
        body = null;
        stream = null;
        cancelTimers();
        close();
    }

    /** Closes the channel and gives its slot back to the pool at once (not when the close completes). */
    @Override
    public void close() {
        cancelTimers();
        detach();
        channel.close();
    }

    private void detach() {
        if (!detached) {
            detached = true;
            owner.closed(this);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        detach();
        if (call != null) {
            fail(closed(null));
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (call != null) {
            fail(cause instanceof IOException ? closed(cause) : new HttpClientException(key.toString(),
                    "error on connection to " + key + ": " + cause, cause));
        } else {
            close();
        }
    }

    private ConnectionClosedException closed(Throwable cause) {
        return new ConnectionClosedException(key.toString(), exchanges > 1, responseStarted, cause);
    }

    private void checkReadTimeout() {
        readTimer = null;
        if (call == null || !writeDone || readTimeoutNanos <= 0) {
            return; // idle, or still writing: the next completed write arms the timer again
        }
        long now = System.nanoTime();
        ResponseStream s = stream;
        if (s != null && !s.awaitingData()) {
            lastReadNanos = now; // the subscriber is not asking for more: silence is its choice, not the server's
        }
        long idle = now - lastReadNanos;
        if (idle >= readTimeoutNanos) {
            fail(new ClientReadTimeoutException(key.toString(), TimeUnit.NANOSECONDS.toMillis(readTimeoutNanos)));
        } else {
            readTimerDeadline = now + readTimeoutNanos - idle;
            readTimer = channel.eventLoop().schedule(readTimeoutTask, readTimeoutNanos - idle, TimeUnit.NANOSECONDS);
        }
    }

    private void writeTimedOut() {
        writeTimer = null;
        if (call != null && !writeDone) {
            fail(new ClientWriteTimeoutException(key.toString(),
                    call.request().settings().writeTimeout().toMillis()));
        }
    }

    private void cancelWriteTimer() {
        ScheduledFuture<?> timer = writeTimer;
        if (timer != null) {
            writeTimer = null;
            timer.cancel(false);
        }
    }

    private void cancelContinueTimer() {
        ScheduledFuture<?> timer = continueTimer;
        if (timer != null) {
            continueTimer = null;
            timer.cancel(false);
        }
    }

    private void cancelTimers() {
        cancelContinueTimer();
        cancelWriteTimer();
        ScheduledFuture<?> timer = readTimer;
        if (timer != null) {
            readTimer = null;
            timer.cancel(false);
        }
    }
}
