package dev.brisk.http.internal.http2;

import dev.brisk.http.BodyMode;
import dev.brisk.http.Http2Options;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.Deadlines;
import dev.brisk.http.internal.Dispatcher;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ReadControl;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.WritabilityWaiters;
import dev.brisk.http.internal.WriteProgress;
import dev.brisk.http.internal.PseudoHeadersView;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;

import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import static io.netty.handler.codec.http2.Http2CodecUtil.HTTP_UPGRADE_STREAM_ID;
import static io.netty.handler.codec.http2.Http2CodecUtil.getEmbeddedHttp2Exception;

/**
 * One HTTP/2 connection (h2 over TLS, h2c by prior knowledge or after an upgrade). Netty's connection handler does
 * framing, HPACK, flow control and the protocol's protections (rapid reset, control frame floods); this class maps
 * streams to requests and responses.
 */
public final class Http2ServerConnection extends Http2ConnectionHandler implements ReadControl {

    private final ServerContext server;
    private final boolean tls;
    private final Http2Connection.PropertyKey requestKey;
    private final ClosedStreams closedStreams = new ClosedStreams();
    private final StreamWritability streamWaiters;
    private final Deadlines deadlines;
    private final long connectionBufferLimit;
    private final WriteProgress writeProgress = new WriteProgress();
    /** Streams whose credit waits for the connection's buffered bodies to drop below the limit. */
    private final ArrayDeque<Http2Request> waitingForCredit = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private boolean inRead;
    private ScheduledFuture<?> ticker;
    private long ticks;
    private long lastReadTick;
    private boolean settingsAcked;
    /** Aggregated request body bytes held on this connection. */
    private long bufferedBodyBytes;
    /** Response DATA handed to the encoder and not yet written to the socket. */
    private long queuedResponseBytes;

    private Http2ServerConnection(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder,
                                  Http2Settings settings, ServerContext server, boolean tls) {
        super(decoder, encoder, settings);
        this.server = server;
        this.tls = tls;
        this.deadlines = server.deadlines();
        this.connectionBufferLimit = server.options().limits().maxConnectionBuffer();
        this.requestKey = connection().newKey();
        // the stream limit holds from the first frame, whether or not the peer has acknowledged our SETTINGS yet (Netty
        // 4.2 applies it early too; this keeps it so whatever the codec version)
        connection().remote().maxActiveStreams((int) Math.min(Integer.MAX_VALUE,
                server.options().http2().maxConcurrentStreams()));
        this.streamWaiters = new StreamWritability(connection(), encoder.flowController(), this::withinQueueLimit);
        decoder.frameListener(new FrameListener());
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                closedStreams.add(stream.id(), stream.isResetSent());
                Http2Request request = stream.getProperty(requestKey);
                if (request != null) {
                    ClosedChannelException closed = new ClosedChannelException();
                    if (!request.response.isEnded()) {
                        request.response.abandon(closed);
                    }
                    request.failBody(closed);
                    request.release();
                    unbuffer(request);
                }
                // After the abandon: a writer woken here may write again at once, and must learn the stream is gone.
                streamWaiters.release(stream);
            }
        });
    }

    /** A handler configured from the server's {@link Http2Options}. */
    public static Http2ServerConnection create(ServerContext server, boolean tls) {
        return new Builder(server, tls).build();
    }

    Channel channel() {
        return ctx.channel();
    }

    ServerContext server() {
        return server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        super.handlerAdded(ctx);
        ticker = deadlines.start(ctx, this::tick);
        openConnectionWindow();
    }

    /**
     * Widens the connection's receive window from the 65,535 bytes of RFC 9113 to four stream windows, so one upload
     * is not throttled by the connection and a stream whose consumer paused does not hold up the uploads of others
     * at once. The bytes the peer may have in flight stay bounded by this window.
     */
    private void openConnectionWindow() throws Http2Exception {
        Http2Stream connectionStream = connection().connectionStream();
        int current = decoder().flowController().initialWindowSize(connectionStream);
        long wanted = Math.min(Integer.MAX_VALUE, 4L * server.options().http2().initialWindowSize());
        if (wanted > current) {
            decoder().flowController().incrementWindowSize(connectionStream, (int) (wanted - current));
        }
    }

    /** Serves the request that carried an h2c upgrade as stream 1. */
    public void upgradedFrom(HttpMethod method, String uri, Headers headers, Http2Settings settings)
            throws Http2Exception {
        onHttpServerUpgrade(settings);
        Http2Stream stream = connection().stream(HTTP_UPGRADE_STREAM_ID);
        Http2Request request = new Http2Request(server, this, HTTP_UPGRADE_STREAM_ID, method, uri, headers, -1);
        stream.setProperty(requestKey, request);
        request.endBody(ArrayHeaders.EMPTY);
        dispatch(request);
    }

    // ---- writing ----------------------------------------------------------------------------------------------

    void writeHeaders(int streamId, Http2Headers headers, boolean endStream, ChannelPromise promise) {
        encoder().writeHeaders(ctx, streamId, headers, 0, endStream, promise);
        flushUnlessReading();
    }

    void writeData(int streamId, ByteBuf data, boolean endStream, ChannelPromise promise) {
        int length = data.readableBytes();
        if (length > 0) {
            queuedResponseBytes += length;
            promise.addListener(f -> dequeued(length));
        }
        encoder().writeData(ctx, streamId, data, 0, endStream, promise);
        flushUnlessReading();
    }

    /** Response DATA left the encoder (written or dropped); writers held back by the limit may go on below it. */
    private void dequeued(long length) {
        boolean wasOver = queuedResponseBytes > connectionBufferLimit;
        queuedResponseBytes -= length;
        if (wasOver && queuedResponseBytes <= connectionBufferLimit) {
            streamWaiters.signalAll(ctx.channel());
        }
    }

    /**
     * Whether more response DATA may be queued on {@code streamId}. While the connection holds more unsent response
     * bytes than its buffer limit (peers that grant no window, or do not read), a whole body is not queued at all and
     * a streamed body may queue only on a stream that has nothing queued yet: a writer that waits for
     * {@link #whenStreamWritable} each time holds one piece at most. The bytes one connection holds are so bounded by
     * the limit plus one body, or one piece per stream. A refused response's stream is reset with ENHANCE_YOUR_CALM,
     * so its buffers are released at once; {@code data}, refused, is released before the reset goes out.
     */
    boolean mayQueue(int streamId, boolean wholeBody, ByteBuf data) {
        if (queuedResponseBytes <= connectionBufferLimit) {
            return true;
        }
        Http2Stream stream = connection().stream(streamId);
        if (stream == null || !wholeBody && !encoder().flowController().hasFlowControlled(stream)) {
            return true;
        }
        data.release();
        server.tracker().bufferLimitRefused();
        resetStream(streamId, Http2Error.ENHANCE_YOUR_CALM);
        return false;
    }

    /** Whether a streamed writer on {@code stream} may write now without being refused by {@link #mayQueue}. */
    private boolean withinQueueLimit(Http2Stream stream) {
        return queuedResponseBytes <= connectionBufferLimit || !encoder().flowController().hasFlowControlled(stream);
    }

    /**
     * Resets one stream (the connection goes on). The DATA the flow controller still holds is written first, as far as
     * the windows allow: it would otherwise go out at the next flush, after the RST_STREAM, and RFC 9113 (section 5.1)
     * allows no frame on a stream after it.
     */
    void resetStream(int streamId, Http2Error error) {
        try {
            encoder().flowController().writePendingBytes();
        } catch (Http2Exception e) {
            onError(ctx, true, e);
        }
        resetStream(ctx, streamId, error.code(), ctx.newPromise());
        flushUnlessReading();
    }

    /**
     * Completes {@code result} once stream {@code streamId} can take more data: its flow-control window is not used up
     * by what is queued, and the connection is writable. Completes at once for a stream that is gone.
     */
    void whenStreamWritable(int streamId, CompletableFuture<Void> result) {
        streamWaiters.whenWritable(connection().stream(streamId), ctx.channel(), result);
    }

    /** Whether stream {@code streamId} can take more data now (see {@link #whenStreamWritable}); true when gone. */
    boolean isStreamWritable(int streamId) {
        Http2Stream stream = connection().stream(streamId);
        return stream == null || streamWaiters.writable(stream, ctx.channel());
    }

    private void flushUnlessReading() {
        if (!inRead) {
            flush(ctx);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        inRead = true;
        lastReadTick = ticks;
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        inRead = false;
        super.channelReadComplete(ctx);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        WritabilityWaiters.signal(ctx.channel());
        streamWaiters.signalAll(ctx.channel());
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (ticker != null) {
            ticker.cancel(false);
        }
        WritabilityWaiters.signal(ctx.channel());
        // Closes the streams first, abandoning their responses, so that writers woken here see them gone.
        super.channelInactive(ctx);
        streamWaiters.signalAll(ctx.channel());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        if (getEmbeddedHttp2Exception(cause) != null) {
            super.exceptionCaught(ctx, cause);
        } else {
            server.log().log(System.Logger.Level.DEBUG, "closing HTTP/2 connection after error", cause);
            ctx.close();
        }
    }

    /** Nothing to do at once: DATA that arrives for a paused request keeps its credit (see onDataRead). */
    @Override
    public void pauseReading(AbstractServerRequest request) {
    }

    @Override
    public void resumeReading(AbstractServerRequest request) {
        Http2Request http2 = (Http2Request) request;
        if (connectionBufferLimitAllows(http2)) {
            returnCredit(http2);
        }
    }

    // ---- buffered bodies and flow-control credit --------------------------------------------------------------

    private boolean connectionBufferLimitAllows(Http2Request request) {
        return request.mode() == BodyMode.STREAM || bufferedBodyBytes <= connectionBufferLimit;
    }

    /** Returns the credit withheld from {@code request}'s stream: the peer may send that much more. */
    private void returnCredit(Http2Request request) {
        int credit = request.withheldCredit;
        Http2Stream stream = connection().stream(request.streamId);
        if (credit == 0 || stream == null) {
            return;
        }
        request.withheldCredit = 0;
        try {
            if (decoder().flowController().consumeBytes(stream, credit)) {
                flushUnlessReading();
            }
        } catch (Http2Exception e) {
            onError(ctx, false, e);
        }
    }

    /** A request's body no longer counts against the connection buffer: streams waiting for credit get theirs. */
    private void unbuffer(Http2Request request) {
        if (request.bufferedBytes == 0) {
            return;
        }
        bufferedBodyBytes -= request.bufferedBytes;
        request.bufferedBytes = 0;
        while (bufferedBodyBytes <= connectionBufferLimit && !waitingForCredit.isEmpty()) {
            Http2Request waiting = waitingForCredit.poll();
            if (!waiting.isPaused()) {
                returnCredit(waiting);
            }
        }
    }

    /**
     * Netty answers a frame for a stream it no longer knows with a stream error of type STREAM_CLOSED, unable to tell
     * why the stream is gone; with the closed-stream record the connection error the specification asks for is sent.
     */
    @Override
    protected void onStreamError(ChannelHandlerContext ctx, boolean outbound, Throwable cause,
                                 Http2Exception.StreamException error) {
        int streamId = error.streamId();
        if (!outbound && error.error() == Http2Error.STREAM_CLOSED && connection().stream(streamId) == null
                && connection().remote().isValidStreamId(streamId)) {
            switch (closedStreams.fate(streamId)) {
                case CLOSED -> {
                    onConnectionError(ctx, false, cause, Http2Exception.connectionError(Http2Error.STREAM_CLOSED,
                            "frame received on closed stream %d", streamId));
                    return;
                }
                case UNKNOWN -> {
                    onConnectionError(ctx, false, cause, Http2Exception.connectionError(Http2Error.PROTOCOL_ERROR,
                            "stream %d is lower than a stream already opened", streamId));
                    return;
                }
                default -> {
                    // reset by us: the peer may still have had frames in flight, which are ignored (their
                    // flow-control credit is already returned); answering each would run into the limit on resets
                    return;
                }
            }
        }
        Http2Stream stream = connection().stream(streamId);
        if (!outbound && error.error() == Http2Error.PROTOCOL_ERROR && stream != null
                && stream.state() == Http2Stream.State.HALF_CLOSED_REMOTE && String.valueOf(error.getMessage())
                .contains("too many headers")) {
            // A HEADERS frame after the peer's END_STREAM: RFC 9113 section 5.1 says STREAM_CLOSED.
            resetStream(ctx, streamId, Http2Error.STREAM_CLOSED.code(), ctx.newPromise());
            return;
        }
        super.onStreamError(ctx, outbound, cause, error);
    }

    /**
     * After a connection error the GOAWAY is sent and the connection closed once it is written. For a peer that does
     * not read, whose outbound buffer is full, it would not be written before the write timeout, and the connection
     * would be read on until then: it is closed at once.
     */
    @Override
    protected void onConnectionError(ChannelHandlerContext ctx, boolean outbound, Throwable cause,
                                     Http2Exception http2Ex) {
        super.onConnectionError(ctx, outbound, cause, http2Ex);
        if (!ctx.channel().isWritable()) {
            ctx.close();
        }
    }

    // ---- requests ---------------------------------------------------------------------------------------------

    private void dispatch(Http2Request request) {
        request.dispatched = true;
        if (!Dispatcher.dispatch(server, request)) {
            resetStream(request.streamId, Http2Error.INTERNAL_ERROR);
        }
    }

    /** Shows a refused request that never reached the handler to a handler that observes refusals. */
    private void refused(Http2Request request) {
        if (!request.dispatched) {
            request.dispatched = true;
            Dispatcher.refused(server, request);
        }
    }

    private void reject(Http2Request request, int status, String message) {
        if (!request.response.isCommitted()) {
            request.response.status(status).send(message);
        }
        resetStream(request.streamId, Http2Error.CANCEL);
    }

    private final class FrameListener extends Http2FrameAdapter {

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                                  short weight, boolean exclusive, int padding, boolean endOfStream)
                throws Http2Exception {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) throws Http2Exception {
            Http2Stream stream = connection().stream(streamId);
            Http2Request existing = stream.getProperty(requestKey);
            if (existing != null) {
                if (!endOfStream) {
                    throw Http2Exception.streamError(streamId, Http2Error.PROTOCOL_ERROR,
                            "trailers must end the stream");
                }
                trailers(existing, headers);
                return;
            }
            if (queuedResponseBytes > connectionBufferLimit) {
                server.tracker().bufferLimitRefused();
                throw Http2Exception.streamError(streamId, Http2Error.REFUSED_STREAM,
                        "responses queued on this connection exceed %d bytes", connectionBufferLimit);
            }
            String target = Http2RequestValidator.validate(streamId, headers);
            long contentLength = Http2RequestValidator.contentLength(streamId, headers);
            HttpMethod method = HttpMethod.valueOf(headers.method().toString());
            Http2Request request = new Http2Request(server, Http2ServerConnection.this, streamId, method,
                    target, new PseudoHeadersView(headers), contentLength);
            stream.setProperty(requestKey, request);
            request.lastDataTick = ticks;
            BodyMode mode;
            try {
                mode = server.handler().bodyMode(request);
            } catch (Throwable t) {
                server.logHandlerFailure("bodyMode failed on " + method + " " + request.uri(), t);
                reject(request, 500, "Internal Server Error");
                return;
            }
            request.mode(mode == null ? BodyMode.AGGREGATE : mode);
            if (contentLength > request.maxBodySize()) {
                reject(request, 413, "request body larger than " + request.maxBodySize() + " bytes");
                refused(request);
                return;
            }
            if (endOfStream) {
                request.endBody(ArrayHeaders.EMPTY);
                dispatch(request);
            } else if (request.mode() == BodyMode.STREAM) {
                dispatch(request);
            }
        }

        private void trailers(Http2Request request, Http2Headers headers) throws Http2Exception {
            ArrayHeaders trailers = new ArrayHeaders(headers.size());
            for (var entry : headers) {
                CharSequence name = entry.getKey();
                if (name.length() > 0 && name.charAt(0) == ':') {
                    throw Http2Exception.streamError(request.streamId, Http2Error.PROTOCOL_ERROR,
                            "pseudo-header in trailers");
                }
                trailers.addTrusted(name, entry.getValue());
            }
            endBody(request, trailers.seal());
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding,
                              boolean endOfStream) {
            int processed = data.readableBytes() + padding;
            Http2Stream stream = connection().stream(streamId);
            Http2Request request = stream == null ? null : stream.getProperty(requestKey);
            if (request == null || request.bodyEnded()) {
                return processed;
            }
            request.lastDataTick = ticks;
            int length = data.readableBytes();
            if (length > 0 && !request.appendBody(data.retain())) {
                String message = "request body larger than " + request.maxBodySize() + " bytes";
                request.failBody(new IllegalStateException(message));
                reject(request, 413, message);
                refused(request);
                return processed;
            }
            if (request.mode() == BodyMode.AGGREGATE) {
                request.bufferedBytes += length;
                bufferedBodyBytes += length;
            }
            if (endOfStream) {
                endBody(request, ArrayHeaders.EMPTY);
                return processed;
            }
            if (request.isPaused()) {
                request.withheldCredit += processed;
                return 0;
            }
            if (!connectionBufferLimitAllows(request)) {
                if (request.withheldCredit == 0) {
                    waitingForCredit.add(request);
                }
                request.withheldCredit += processed;
                return 0;
            }
            return processed;
        }

        private void endBody(Http2Request request, ArrayHeaders trailers) {
            request.endBody(trailers);
            if (!request.dispatched) {
                dispatch(request);
            }
        }

        @Override
        public void onSettingsAckRead(ChannelHandlerContext ctx) {
            settingsAcked = true;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            Http2Stream stream = connection().stream(streamId);
            Http2Request request = stream == null ? null : stream.getProperty(requestKey);
            if (request != null) {
                request.failBody(new IllegalStateException("stream reset by the client, error " + errorCode));
            }
        }
    }

    // ---- timeouts and shutdown --------------------------------------------------------------------------------

    /** Checks every deadline of the connection and its streams; runs once per {@link Deadlines} period. */
    private void tick() {
        ticks++;
        if (!ctx.channel().isActive()) {
            return;
        }
        if (writeProgress.stalledTicks(ctx.channel()) >= deadlines.write) {
            server.log().log(System.Logger.Level.DEBUG, "closing an HTTP/2 connection whose peer does not read");
            ctx.close();
            return;
        }
        if (!settingsAcked && ticks >= deadlines.settingsAck) {
            onError(ctx, false, Http2Exception.connectionError(Http2Error.SETTINGS_TIMEOUT,
                    "SETTINGS not acknowledged in time"));
            return;
        }
        if (connection().numActiveStreams() == 0) {
            if (ticks - lastReadTick >= deadlines.idle) {
                ctx.channel().close();
            }
            return;
        }
        try {
            connection().forEachActiveStream(stream -> {
                Http2Request request = stream.getProperty(requestKey);
                if (request != null) {
                    checkStream(stream, request);
                }
                return true;
            });
        } catch (Http2Exception e) {
            onError(ctx, false, e);
        }
        flushUnlessReading();
    }

    /** A request body that stopped arriving, or a response the peer grants no window for, ends its stream. */
    private void checkStream(Http2Stream stream, Http2Request request) {
        if (!request.bodyEnded() && stream.state().remoteSideOpen()) {
            if (request.isPaused()) {
                request.lastDataTick = ticks;
            } else {
                request.bodyActiveTicks++;
                if (ticks - request.lastDataTick >= deadlines.body
                        || deadlines.tooSlow(request.bodyBytes(), request.bodyActiveTicks)) {
                    request.failBody(new IllegalStateException("request body not received in time"));
                    reject(request, 408, "request body not received in time");
                    return;
                }
            }
        }
        Http2RemoteFlowController flow = encoder().flowController();
        if (flow.hasFlowControlled(stream)
                && (flow.windowSize(stream) <= 0 || flow.windowSize(connection().connectionStream()) <= 0)) {
            if (++request.stalledWriteTicks >= deadlines.write) {
                resetStream(ctx, stream.id(), Http2Error.CANCEL.code(), ctx.newPromise());
            }
        } else {
            request.stalledWriteTicks = 0;
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event == DrainEvent.INSTANCE) {
            // Http2ConnectionHandler.close sends GOAWAY and waits for the active streams, up to the timeout.
            ctx.channel().close();
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    private static final class Builder
            extends AbstractHttp2ConnectionHandlerBuilder<Http2ServerConnection, Builder> {

        private final ServerContext server;
        private final boolean tls;

        Builder(ServerContext server, boolean tls) {
            this.server = server;
            this.tls = tls;
            Http2Options options = server.options().http2();
            server(true);
            validateHeaders(true);
            validateRequiredPseudoHeaders(true);
            gracefulShutdownTimeoutMillis(server.options().shutdownTimeout().toMillis());
            initialSettings(new Http2Settings()
                    .maxConcurrentStreams(options.maxConcurrentStreams())
                    .maxHeaderListSize(options.maxHeaderListSize())
                    .maxFrameSize(options.maxFrameSize())
                    .initialWindowSize(options.initialWindowSize()));
        }

        @Override
        public Http2ServerConnection build() {
            return super.build();
        }

        @Override
        protected Http2ServerConnection build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder,
                                              Http2Settings initialSettings) {
            return new Http2ServerConnection(decoder, encoder, initialSettings, server, tls);
        }
    }
}
