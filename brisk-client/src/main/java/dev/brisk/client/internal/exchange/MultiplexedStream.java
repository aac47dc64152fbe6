package dev.brisk.client.internal.exchange;

import dev.brisk.client.ClientReadTimeoutException;
import dev.brisk.client.ClientWriteTimeoutException;
import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.ResponseTooLargeException;
import dev.brisk.http.common.Protocol;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request/response exchange on a stream of a multiplexed connection (HTTP/2 or HTTP/3): the last handler of the
 * stream's channel, after the codec that turns the protocol's frames into HTTP/1-style objects. Sends the request,
 * collects the response (in memory, or as a {@link ResponseStream} that reads on demand: unread data then holds back
 * the stream's flow-control window), and runs the stream's read and write timeouts. Ending the exchange closes the
 * stream channel, which resets only this stream if it is still open; the connection and its other streams go on.
 * Subclasses say how a request body is paced, how the stream is asked for more data, and which failures mean that
 * the server never processed the request. Touched only on the stream's event loop. Not API.
 */
public abstract class MultiplexedStream extends ChannelInboundHandlerAdapter implements Lease, StreamSource {

    /** The name of the frame/object converter in the stream's pipeline; a chunked body's writer goes after it. */
    public static final String CODEC = "codec";
    private static final long MAX_PRESIZE = 16 * 1024 * 1024;

    private final ConnectionSettings settings;
    private final Protocol protocol;
    private final CharSequence streamIdHeader;
    private final boolean reusedConnection;
    /** The stream's channel, known once this handler is in its pipeline. */
    protected Channel channel;
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

    /**
     * @param settings         the settings of the stream's connection
     * @param protocol         the HTTP version of the responses
     * @param streamIdHeader   the field the codec adds to each response head with the stream's id, removed here
     * @param reusedConnection whether the connection had carried other streams before this one
     */
    protected MultiplexedStream(ConnectionSettings settings, Protocol protocol, CharSequence streamIdHeader,
                                boolean reusedConnection) {
        this.settings = settings;
        this.protocol = protocol;
        this.streamIdHeader = streamIdHeader;
        this.reusedConnection = reusedConnection;
    }

    /** Puts the writer of a chunked request body (a stream or a file) after the {@link #CODEC} in {@code pipeline}. */
    protected abstract void addChunkedWriter(ChannelPipeline pipeline);

    /**
     * Asks the stream for more data, and makes sure the window update that reading produces goes out now rather
     * than with the next packet.
     */
    protected abstract void readMore();

    /** What a request whose writing failed with {@code cause} fails with. */
    protected abstract Throwable writeFailure(Throwable cause);

    /** Tells the connection that the stream ended: its slot is free. Called once. */
    protected abstract void streamEnded();

    /** The origin, as exceptions name it. */
    protected final String key() {
        return settings.key().toString();
    }

    /** Whether response data has arrived on the stream. */
    protected final boolean responseStarted() {
        return responseStarted;
    }

    /** Whether the exchange still waits for its response. */
    protected final boolean awaitingResponse() {
        return call != null;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    public void send(Exchange exchange) {
        this.call = exchange;
        HttpRequest request = exchange.request();
        readTimeoutNanos = request.settings().readTimeout().toNanos();
        RequestBody requestBody = exchange.body();
        ChannelFuture written;
        try {
            HttpHeaders headers = NettyHeaders.netty(request.headers());
            RequestHeads.complete(headers, settings.key(), request.method(), requestBody, settings.decompression());
            if (requestBody.chunked(false)) {
                addChunkedWriter(channel.pipeline());
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
            fail(writeFailure(future.cause()));
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
        responseHeaders.remove(streamIdHeader);
        settings.recordAltSvc(responseHeaders);
        if (call.streamed() && !call.follows(code)) {
            // the body follows as the subscriber asks for it; unread data holds back the stream's window
            ResponseStream s = new ResponseStream(key(), status, protocol, responseHeaders, call.request(),
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
            fail(new ResponseTooLargeException(key(), settings.maxResponseSize()));
            return;
        }
        if (content instanceof LastHttpContent last) {
            HttpHeaders trailers = last.trailingHeaders();
            Exchange c = call;
            ReceivedResponse response = new ReceivedResponse(status, protocol, responseHeaders,
                    trailers.isEmpty() ? EmptyHttpHeaders.INSTANCE : trailers, body.data(), body.size(),
                    c.request(), settings.codecs());
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

    @Override
    public void cancel(ResponseStream s) {
        if (stream == s) {
            end();
        }
    }

    /** The connection closed under the exchange (or the stream ended without a response), with {@code cause}. */
    protected final ConnectionClosedException closed(Throwable cause) {
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

    /** Fails the exchange (or its response stream) with {@code cause}, once. */
    protected final void fail(Throwable cause) {
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
    protected final void end() {
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
            streamEnded();
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
