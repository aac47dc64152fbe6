package dev.brisk.http.internal.http3;

import dev.brisk.http.BodyMode;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.Dispatcher;
import dev.brisk.http.internal.ReadControl;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.WritabilityWaiters;
import dev.brisk.http.internal.PseudoHeadersView;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Exception;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3HeadersValidationException;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamResetException;

import java.nio.channels.ClosedChannelException;
import java.util.Map;

/**
 * One HTTP/3 request stream: its HEADERS become a request dispatched to the server's handler (at once for a streamed
 * body, once the body is complete for an aggregated one), its DATA the body, trailing HEADERS the trailers. Pausing a
 * streamed body stops reading the stream, so QUIC stream flow control holds the client back; an aggregated body stops
 * being read while the connection holds more buffered bodies than its limit.
 */
final class Http3Stream extends Http3RequestStreamInboundHandler implements ReadControl {

    private final Http3Connection connection;
    private final ServerContext server;
    private final long maxHeaderSize;
    private QuicStreamChannel channel;
    /** The filter ahead of Netty's codec on this stream (null when the pipeline has none). */
    private RequestStreamFilter filter;
    private Http3Request request;
    private ArrayHeaders trailers = ArrayHeaders.EMPTY;
    private boolean dispatched;
    /** A response was sent before the request ended: what else arrives is dropped. */
    private boolean rejected;
    /** Deadline bookkeeping, in ticks of the connection. */
    long openedTick;
    long lastDataTick;
    long bodyActiveTicks;
    long stalledWriteTicks;
    /** Aggregated body bytes counted against the connection's buffer limit. */
    long bufferedBytes;
    /** Reading stopped until the connection's buffered bodies drop below the limit. */
    boolean waitingForBuffer;
    /** Response bytes written and not yet taken by QUIC. */
    long queuedResponseBytes;

    Http3Stream(Http3Connection connection) {
        this.connection = connection;
        this.server = connection.server();
        this.maxHeaderSize = server.options().limits().maxHeaderSize();
    }

    QuicStreamChannel channel() {
        return channel;
    }

    ServerContext server() {
        return server;
    }

    Http3Connection connection() {
        return connection;
    }

    Http3Request request() {
        return request;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = (QuicStreamChannel) ctx.channel();
        filter = ctx.pipeline().get(RequestStreamFilter.class);
        openedTick = connection.ticks();
        connection.opened(this);
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        if (request != null) {
            trailers(frame.headers());
            return;
        }
        if (rejected) {
            return;
        }
        if (connection.refuses(channel.streamId())) {
            reset(Http3ErrorCode.H3_REQUEST_REJECTED);
            return;
        }
        Http3Headers headers = frame.headers();
        if (fieldSectionSize(headers) > maxHeaderSize) {
            fieldSectionTooLarge();
            return;
        }
        String target;
        long contentLength;
        try {
            target = Http3RequestValidator.validate(headers);
            contentLength = Http3RequestValidator.contentLength(headers);
        } catch (Http3RequestValidator.MalformedRequest e) {
            server.log().log(System.Logger.Level.DEBUG, e.getMessage());
            reset(Http3ErrorCode.H3_MESSAGE_ERROR);
            return;
        }
        HttpMethod method = HttpMethod.valueOf(headers.method().toString());
        request = new Http3Request(server, this, method, target, new PseudoHeadersView(headers), contentLength);
        lastDataTick = connection.ticks();
        BodyMode mode;
        try {
            mode = server.handler().bodyMode(request);
        } catch (Throwable t) {
            server.logHandlerFailure("bodyMode failed on " + method + " " + request.uri(), t);
            reject(500, "Internal Server Error");
            return;
        }
        request.mode(mode == null ? BodyMode.AGGREGATE : mode);
        if (contentLength > request.maxBodySize()) {
            reject(413, "request body larger than " + request.maxBodySize() + " bytes");
            refused();
            return;
        }
        if (request.mode() == BodyMode.STREAM) {
            dispatch();
        }
    }

    private void trailers(Http3Headers headers) {
        if (rejected || request.bodyEnded()) {
            return;
        }
        if (fieldSectionSize(headers) > maxHeaderSize) {
            fieldSectionTooLarge();
            return;
        }
        ArrayHeaders fields = new ArrayHeaders(headers.size());
        for (Map.Entry<CharSequence, CharSequence> entry : headers) {
            try {
                if (PseudoHeadersView.isPseudo(entry.getKey())) {
                    throw new Http3RequestValidator.MalformedRequest("pseudo-header in trailers");
                }
                Http3RequestValidator.checkField(entry.getKey(), entry.getValue());
            } catch (Http3RequestValidator.MalformedRequest e) {
                malformed(e);
                return;
            }
            fields.addTrusted(entry.getKey(), entry.getValue());
        }
        trailers = fields.seal();
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
        ByteBuf content = frame.content();
        if (request == null || rejected || request.bodyEnded()) {
            frame.release();
            return;
        }
        lastDataTick = connection.ticks();
        int length = content.readableBytes();
        if (length == 0) {
            frame.release();
            return;
        }
        if (!request.appendBody(content)) {
            String message = "request body larger than " + request.maxBodySize() + " bytes";
            request.failBody(new IllegalStateException(message));
            reject(413, message);
            refused();
            return;
        }
        if (request.mode() == BodyMode.AGGREGATE) {
            bufferedBytes += length;
            connection.buffered(this, length);
        }
    }

    @Override
    protected void channelInputClosed(ChannelHandlerContext ctx) {
        if (request == null) {
            if (!rejected) {
                reset(Http3ErrorCode.H3_REQUEST_INCOMPLETE);
            }
            return;
        }
        if (rejected || request.bodyEnded()) {
            return;
        }
        long declared = request.contentLength();
        if (declared >= 0 && request.bodyBytes() != declared) {
            // Netty's codec checks this only after the end of the stream reached this handler
            malformed(new Http3RequestValidator.MalformedRequest("body of " + request.bodyBytes()
                    + " bytes, content-length " + declared));
            return;
        }
        request.endBody(trailers);
        if (!dispatched) {
            dispatch();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event == RequestStreamFilter.EXCEEDED) {
            fieldSectionTooLarge();
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    /**
     * The size of a field section as RFC 9114 section 4.2.2 counts it against the limit: names and values, plus 32
     * bytes a field.
     */
    private static long fieldSectionSize(Http3Headers headers) {
        long size = 0;
        for (Map.Entry<CharSequence, CharSequence> field : headers) {
            size += field.getKey().length() + field.getValue().length() + 32;
        }
        return size;
    }

    /**
     * A request head or trailer section larger than the server's limit (its encoding, or what it decodes to) gets 431
     * while no response has begun, as on HTTP/1.1 and HTTP/2; the client is asked to stop sending, and the
     * connection's other streams go on.
     */
    private void fieldSectionTooLarge() {
        if (rejected) {
            return;
        }
        String message = (request == null ? "request header section" : "trailer section") + " larger than "
                + maxHeaderSize + " bytes";
        server.log().log(System.Logger.Level.DEBUG, message);
        if (request == null) {
            rejected = true;
            new Http3Response(this, false).status(431).send(message);
            stopSending();
            return;
        }
        request.failBody(new IllegalStateException(message));
        reject(431, message);
        refused();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        stalledWriteTicks = 0;
        WritabilityWaiters.signal(ctx.channel());
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (request != null) {
            ClosedChannelException closed = new ClosedChannelException();
            if (!request.response.isEnded()) {
                request.response.abandon(closed);
            }
            request.failBody(closed);
            request.release();
        }
        connection.closed(this);
        WritabilityWaiters.signal(ctx.channel());
        ctx.fireChannelInactive();
    }

    /**
     * A malformed request (a body that disagrees with its content-length, a field section larger than the server's
     * limit) resets its stream only; any other error is the connection's (RFC 9114, section 8).
     */
    @Override
    protected void handleHttp3Exception(ChannelHandlerContext ctx, Http3Exception exception) {
        server.log().log(System.Logger.Level.DEBUG, "HTTP/3 request stream error", exception);
        Http3ErrorCode code = exception.errorCode();
        if (code == Http3ErrorCode.H3_MESSAGE_ERROR || code == Http3ErrorCode.H3_EXCESSIVE_LOAD
                || code == Http3ErrorCode.H3_REQUEST_INCOMPLETE || code == Http3ErrorCode.H3_REQUEST_REJECTED) {
            if (request != null) {
                request.failBody(exception);
            }
            reset(code);
            return;
        }
        super.handleHttp3Exception(ctx, exception);
    }

    /**
     * What Netty's codec reports without an HTTP/3 error code, a field section its validation refused (pseudo-headers
     * in trailers) or a content-length it cannot read, makes the request malformed; any other failure on the stream
     * is the server's. Either way the stream only is reset (RFC 9114, section 4.1.2), with H3_MESSAGE_ERROR or
     * H3_INTERNAL_ERROR.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof QuicException || cause instanceof Http3Exception) {
            super.exceptionCaught(ctx, cause);
        } else if (cause instanceof Http3HeadersValidationException || cause instanceof IllegalArgumentException) {
            malformed(cause);
        } else {
            server.log().log(System.Logger.Level.DEBUG, "HTTP/3 request stream failed", cause);
            if (request != null && !request.bodyEnded()) {
                request.failBody(cause);
            }
            reset(Http3ErrorCode.H3_INTERNAL_ERROR);
        }
    }

    /** Resets the stream with H3_MESSAGE_ERROR, failing a body being read. */
    private void malformed(Throwable cause) {
        server.log().log(System.Logger.Level.DEBUG, "malformed HTTP/3 request", cause);
        if (request != null && !request.bodyEnded()) {
            request.failBody(cause);
        }
        reset(Http3ErrorCode.H3_MESSAGE_ERROR);
    }

    @Override
    protected void handleQuicException(ChannelHandlerContext ctx, QuicException exception) {
        server.log().log(System.Logger.Level.DEBUG, "QUIC stream error", exception);
        if (exception instanceof QuicStreamResetException && (request == null || !request.response.isEnded())) {
            connection.resetByClient();
        }
        super.handleQuicException(ctx, exception);
    }

    // ---- flow control ----------------------------------------------------------------------------------------

    /** Stops reading the stream: what the client sent stays unread, and QUIC flow control stops it. */
    @Override
    public void pauseReading(AbstractServerRequest paused) {
        channel.config().setAutoRead(false);
    }

    @Override
    public void resumeReading(AbstractServerRequest resumed) {
        if (!waitingForBuffer) {
            readAgain();
        }
    }

    void stopReading() {
        channel.config().setAutoRead(false);
    }

    void readAgain() {
        if (channel.isActive() && !channel.config().isAutoRead()) {
            channel.config().setAutoRead(true);
            channel.read();
        }
    }

    boolean isPaused() {
        return request != null && request.isPaused();
    }

    // ---- requests ---------------------------------------------------------------------------------------------

    private void dispatch() {
        dispatched = true;
        if (!Dispatcher.dispatch(server, request)) {
            reset(Http3ErrorCode.H3_INTERNAL_ERROR);
        }
    }

    /** Shows a refused request that never reached the handler to a handler that observes refusals. */
    private void refused() {
        if (!dispatched) {
            dispatched = true;
            Dispatcher.refused(server, request);
        }
    }

    /**
     * Answers before the request is complete (RFC 9114, section 4.1.2): the response is sent, and the client asked to
     * stop sending the rest of its request.
     */
    void reject(int status, String message) {
        rejected = true;
        if (!request.response.isCommitted()) {
            request.response.status(status).send(message);
        }
        stopSending();
    }

    /** Asks the client to stop sending its request (STOP_SENDING with H3_NO_ERROR, RFC 9114 section 4.1.2). */
    private void stopSending() {
        if (filter != null) {
            filter.abandon();
        }
        if (!channel.isInputShutdown()) {
            channel.shutdownInput(Http3ErrorCode.H3_NO_ERROR.code());
        }
    }

    /** Resets the stream both ways with {@code error}. */
    void reset(Http3ErrorCode error) {
        rejected = true;
        if (channel.isActive()) {
            channel.shutdown(error.code()).addListener(f -> channel.close());
        }
    }
}
