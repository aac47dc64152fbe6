package dev.brisk.http.internal.http1;

import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpLimits;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.Deadlines;
import dev.brisk.http.internal.Dispatcher;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.HttpParseException;
import dev.brisk.http.internal.ReadControl;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.WritabilityWaiters;
import dev.brisk.http.internal.WriteProgress;
import dev.brisk.http.internal.http2.Http2ServerConnection;
import dev.brisk.http.internal.websocket.WebSocketPipeline;
import dev.brisk.http.internal.websocket.WebSocketStart;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2Settings;

import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;

/**
 * One HTTP/1.x connection: frames requests straight out of the socket buffers (no intermediate message objects),
 * aggregates or streams bodies, and writes responses in request order, flushing once per read batch.
 *
 * <p>Everything runs on the connection's event loop.
 */
public final class Http1Connection extends ChannelInboundHandlerAdapter implements ReadControl {

    private static final int HEAD = 0;
    private static final int FIXED_BODY = 1;
    private static final int CHUNK_SIZE = 2;
    private static final int CHUNK_DATA = 3;
    private static final int CHUNK_DATA_END = 4;
    private static final int TRAILERS = 5;
    /** No further request will be read: input is dropped. */
    private static final int DISCARD = 6;
    /** Handed over to HTTP/2 or WebSocket. */
    private static final int UPGRADED = 7;
    /** A request asked for WebSocket: what follows waits until its response shows whether the connection switches. */
    private static final int AWAIT_UPGRADE = 8;

    private static final int MAX_CHUNK_SIZE_LINE = 1024;
    /**
     * Reading stays off while more than this many received bytes wait to be parsed: a read batch can bring far more
     * than the responses to one batch of requests can take, so resuming on writability alone would let unparsed
     * pipelined input pile up.
     */
    private static final int UNPARSED_INPUT_HIGH_WATER = 64 * 1024;
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SWITCHING = ("HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\n"
            + "upgrade: h2c\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    private final ServerContext server;
    private final HttpHandler handler;
    private final HttpLimits limits;
    private final boolean tls;
    private ChannelHandlerContext ctx;

    private ByteBuf cumulation;
    private int state = HEAD;
    /** Progress of the head scan, as offsets from the reader index, so a slow head is not re-scanned. */
    private int scanned;
    private int lineStart;
    private int firstLineEnd = -1;
    private long remaining;
    private Http1Request receiving;

    private final ArrayDeque<Http1Response> queue = new ArrayDeque<>();
    private int requests;
    private boolean inRead;
    private boolean flushNeeded;
    /** Parsing of further requests waits for responses to drain (pipelining limit, outbound buffer, held bytes). */
    private boolean pausedByOutput;
    private boolean pausedByBody;
    private boolean reading = true;
    /** Request bodies held until their responses end, plus responses held back behind earlier ones. */
    private long heldBytes;
    /** Closed for holding more than the connection buffer limit. */
    private boolean givenUp;

    private final Deadlines deadlines;
    private final WriteProgress writeProgress = new WriteProgress();
    private ScheduledFuture<?> ticker;
    private long ticks;
    private long lastReadTick;
    /** Tick at which the head being read started, -1 when none; 0 at first: the first request counts from accept. */
    private long headStartTick;
    private long bodyActiveTicks;

    public Http1Connection(ServerContext server, boolean tls) {
        this.server = server;
        this.handler = server.handler();
        this.limits = server.options().limits();
        this.tls = tls;
        this.deadlines = server.deadlines();
    }

    Channel channel() {
        return ctx.channel();
    }

    ServerContext server() {
        return server;
    }

    boolean tls() {
        return tls;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (ctx.channel().isActive()) {
            startTicker();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (ticker == null) {
            startTicker();
        }
        ctx.fireChannelActive();
    }

    // ---- reading ----------------------------------------------------------------------------------------------

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        lastReadTick = ticks;
        if (state == DISCARD) {
            in.release();
            return;
        }
        cumulation = cumulation == null ? in : merge(cumulation, in);
        inRead = true;
        process();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        inRead = false;
        if (flushNeeded) {
            flushNeeded = false;
            ctx.flush();
        }
        if (cumulation != null) {
            if (cumulation.refCnt() == 1) {
                cumulation.discardSomeReadBytes();
            }
        }
    }

    private ByteBuf merge(ByteBuf cumulated, ByteBuf in) {
        int needed = in.readableBytes();
        if (cumulated.refCnt() == 1 && !cumulated.isReadOnly() && cumulated.maxWritableBytes() >= needed) {
            cumulated.writeBytes(in);
            in.release();
            return cumulated;
        }
        ByteBuf merged = ctx.alloc().ioBuffer(cumulated.readableBytes() + needed);
        merged.writeBytes(cumulated).writeBytes(in);
        cumulated.release();
        in.release();
        return merged;
    }

    private void process() {
        try {
            while (cumulation != null && cumulation.isReadable()) {
                switch (state) {
                    case HEAD -> {
                        if (mustPauseParsing()) {
                            pausedByOutput = true;
                            updateAutoRead();
                            return;
                        }
                        if (!readHead()) {
                            return;
                        }
                    }
                    case FIXED_BODY -> readFixedBody();
                    case CHUNK_SIZE -> {
                        if (!readChunkSize()) {
                            return;
                        }
                    }
                    case CHUNK_DATA -> readChunkData();
                    case CHUNK_DATA_END -> {
                        if (!readChunkDataEnd()) {
                            return;
                        }
                    }
                    case TRAILERS -> {
                        if (!readTrailers()) {
                            return;
                        }
                    }
                    case AWAIT_UPGRADE -> {
                        return;
                    }
                    default -> {
                        cumulation.skipBytes(cumulation.readableBytes());
                        return;
                    }
                }
            }
        } catch (HttpParseException e) {
            if (e.notHttp() && requests == 0 && queue.isEmpty()) {
                state = DISCARD;
                ctx.close();
                return;
            }
            reject(e.status(), e.getMessage());
        } finally {
            if (cumulation != null && !cumulation.isReadable()) {
                cumulation.release();
                cumulation = null;
            }
        }
    }

    private boolean readHead() throws HttpParseException {
        ByteBuf buf = cumulation;
        int start = buf.readerIndex();
        int end = buf.writerIndex();
        if (headStartTick < 0) {
            headStartTick = ticks;
        }
        if (scanned == 0) {
            while (start < end) {
                byte b = buf.getByte(start);
                if (b != '\r' && b != '\n') {
                    break;
                }
                start++;
            }
            buf.readerIndex(start);
            if (start == end) {
                return false;
            }
        }
        int pos = start + scanned;
        while (true) {
            int lf = buf.indexOf(pos, end, (byte) '\n');
            if (lf < 0) {
                scanned = end - start;
                if (firstLineEnd < 0 ? scanned > limits.maxInitialLineLength() + 1
                        : scanned - firstLineEnd - 1 > limits.maxHeaderSize()) {
                    throw tooLarge();
                }
                return false;
            }
            int lineLength = lf - (start + lineStart);
            if (firstLineEnd < 0) {
                if (lineLength > limits.maxInitialLineLength() + 1) {
                    throw tooLarge();
                }
                firstLineEnd = lf - start;
            } else if (lineLength == 0 || lineLength == 1 && buf.getByte(lf - 1) == '\r') {
                int headLength = lf + 1 - start;
                byte[] bytes = new byte[headLength];
                buf.readBytes(bytes);
                scanned = 0;
                lineStart = 0;
                firstLineEnd = -1;
                headStartTick = -1;
                onHead(Http1HeadParser.parse(bytes, headLength));
                return true;
            } else if (lf - start - firstLineEnd > limits.maxHeaderSize()) {
                throw tooLarge();
            }
            lineStart = lf + 1 - start;
            pos = lf + 1;
        }
    }

    private HttpParseException tooLarge() {
        return firstLineEnd < 0
                ? new HttpParseException(414, "request line longer than " + limits.maxInitialLineLength() + " bytes")
                : new HttpParseException(431, "request header block larger than " + limits.maxHeaderSize()
                        + " bytes");
    }

    private void onHead(Http1Head head) throws HttpParseException {
        if (head.upgradeH2c && canUpgrade(head)) {
            upgrade(head);
            return;
        }
        requests++;
        boolean keepAlive = head.keepAlive() && !server.draining()
                && requests < server.options().maxKeepAliveRequests();
        Http1Request request = new Http1Request(server, this, head, keepAlive);
        queue.add(request.response);
        BodyMode mode = BodyMode.AGGREGATE;
        try {
            mode = handler.bodyMode(request);
        } catch (Throwable t) {
            server.logHandlerFailure("bodyMode failed on " + head.method + " " + head.uri, t);
            rejectRequest(request, 500, "Internal Server Error");
            return;
        }
        request.mode(mode == null ? BodyMode.AGGREGATE : mode);
        if (head.contentLength > request.maxBodySize()) {
            rejectRequest(request, 413, "request body larger than " + request.maxBodySize() + " bytes");
            if (!request.dispatched) {
                request.dispatched = true;
                Dispatcher.refused(server, request);
            }
            return;
        }
        if (head.hasBody()) {
            receiving = request;
            bodyActiveTicks = 0;
            if (head.chunked) {
                state = CHUNK_SIZE;
            } else {
                state = FIXED_BODY;
                remaining = head.contentLength;
            }
            if (head.expectContinue) {
                if (isCurrent(request.response)) {
                    writeContinue();
                } else {
                    request.response.continueWanted = true;
                }
            }
            if (request.mode() == BodyMode.STREAM) {
                dispatch(request);
            }
        } else {
            state = head.upgradeWebSocket && !head.http10 ? AWAIT_UPGRADE : keepAlive ? HEAD : DISCARD;
            request.endBody(ArrayHeaders.EMPTY);
            dispatch(request);
        }
    }

    private void readFixedBody() {
        if (readBodyBytes() && remaining == 0) {
            finishBody(ArrayHeaders.EMPTY);
        }
    }

    /** Hands up to {@code remaining} body bytes to the request; false when that exceeded its body limit. */
    private boolean readBodyBytes() {
        int length = (int) Math.min(cumulation.readableBytes(), remaining);
        remaining -= length;
        if (!receiving.appendBody(cumulation.readRetainedSlice(length))) {
            bodyTooLarge();
            return false;
        }
        return true;
    }

    private boolean readChunkSize() throws HttpParseException {
        ByteBuf buf = cumulation;
        int start = buf.readerIndex();
        int end = Math.min(buf.writerIndex(), start + MAX_CHUNK_SIZE_LINE);
        int lf = buf.indexOf(start, end, (byte) '\n');
        if (lf < 0) {
            if (buf.readableBytes() >= MAX_CHUNK_SIZE_LINE) {
                throw new HttpParseException(400, "chunk size line too long");
            }
            return false;
        }
        if (lf == start || buf.getByte(lf - 1) != '\r') {
            throw new HttpParseException(400, "chunk size line must end with CRLF");
        }
        int lineEnd = lf - 1;
        long size = 0;
        int i = start;
        while (i < lineEnd) {
            int digit = Character.digit(buf.getByte(i), 16);
            if (digit < 0) {
                break;
            }
            if (i - start >= 15) {
                throw new HttpParseException(400, "chunk size too large");
            }
            size = size << 4 | digit;
            i++;
        }
        if (i == start) {
            throw new HttpParseException(400, "invalid chunk size");
        }
        checkChunkExtensions(buf, i, lineEnd);
        buf.readerIndex(lf + 1);
        if (size == 0) {
            state = TRAILERS;
        } else {
            state = CHUNK_DATA;
            remaining = size;
        }
        return true;
    }

    /** chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ( token / quoted-string ) ] ). */
    private static void checkChunkExtensions(ByteBuf buf, int from, int end) throws HttpParseException {
        int i = skipWhitespace(buf, from, end);
        while (i < end) {
            if (buf.getByte(i) != ';') {
                throw new HttpParseException(400, "invalid chunk extension");
            }
            i = skipWhitespace(buf, i + 1, end);
            int nameStart = i;
            while (i < end && HttpSyntax.isTchar(buf.getByte(i))) {
                i++;
            }
            if (i == nameStart) {
                throw new HttpParseException(400, "invalid chunk extension");
            }
            i = skipWhitespace(buf, i, end);
            if (i < end && buf.getByte(i) == '=') {
                i = skipWhitespace(buf, i + 1, end);
                if (i < end && buf.getByte(i) == '"') {
                    i++;
                    while (true) {
                        if (i >= end) {
                            throw new HttpParseException(400, "unterminated quoted string in chunk extension");
                        }
                        byte b = buf.getByte(i);
                        if (b == '"') {
                            i++;
                            break;
                        }
                        if (b == '\\') {
                            i++;
                            if (i >= end || !HttpSyntax.isFieldValueByte(buf.getByte(i))) {
                                throw new HttpParseException(400, "invalid chunk extension");
                            }
                        } else if (!HttpSyntax.isFieldValueByte(b)) {
                            throw new HttpParseException(400, "invalid chunk extension");
                        }
                        i++;
                    }
                } else {
                    int valueStart = i;
                    while (i < end && HttpSyntax.isTchar(buf.getByte(i))) {
                        i++;
                    }
                    if (i == valueStart) {
                        throw new HttpParseException(400, "invalid chunk extension");
                    }
                }
                i = skipWhitespace(buf, i, end);
            }
        }
    }

    private static int skipWhitespace(ByteBuf buf, int from, int end) {
        int i = from;
        while (i < end) {
            byte b = buf.getByte(i);
            if (b != ' ' && b != '\t') {
                break;
            }
            i++;
        }
        return i;
    }

    private void readChunkData() {
        if (readBodyBytes() && remaining == 0) {
            state = CHUNK_DATA_END;
        }
    }

    private boolean readChunkDataEnd() throws HttpParseException {
        ByteBuf buf = cumulation;
        int start = buf.readerIndex();
        if (buf.getByte(start) != '\r') {
            throw new HttpParseException(400, "chunk data must be followed by CRLF");
        }
        if (buf.readableBytes() < 2) {
            return false;
        }
        if (buf.getByte(start + 1) != '\n') {
            throw new HttpParseException(400, "chunk data must be followed by CRLF");
        }
        buf.skipBytes(2);
        state = CHUNK_SIZE;
        return true;
    }

    private boolean readTrailers() throws HttpParseException {
        ByteBuf buf = cumulation;
        int start = buf.readerIndex();
        int end = buf.writerIndex();
        int lineBegin = start;
        while (true) {
            int lf = buf.indexOf(lineBegin, end, (byte) '\n');
            if (lf < 0) {
                if (end - start > limits.maxHeaderSize()) {
                    throw new HttpParseException(431, "trailer block larger than " + limits.maxHeaderSize()
                            + " bytes");
                }
                return false;
            }
            if (lf == lineBegin || buf.getByte(lf - 1) != '\r') {
                throw new HttpParseException(400, "trailer lines must end with CRLF");
            }
            if (lf - start > limits.maxHeaderSize()) {
                throw new HttpParseException(431, "trailer block larger than " + limits.maxHeaderSize() + " bytes");
            }
            if (lf == lineBegin + 1) {
                int length = lf + 1 - start;
                ArrayHeaders trailers;
                if (length == 2) {
                    buf.skipBytes(2);
                    trailers = ArrayHeaders.EMPTY;
                } else {
                    byte[] bytes = new byte[length];
                    buf.readBytes(bytes);
                    trailers = Http1HeadParser.parseTrailers(bytes, length);
                }
                finishBody(trailers);
                return true;
            }
            lineBegin = lf + 1;
        }
    }

    private void finishBody(ArrayHeaders trailers) {
        Http1Request request = receiving;
        receiving = null;
        state = request.response.keepAlive ? HEAD : DISCARD;
        request.endBody(trailers);
        if (request.mode() == BodyMode.AGGREGATE) {
            heldBytes += request.bodyBytes();
            dispatch(request);
        }
    }

    private void bodyTooLarge() {
        Http1Request request = receiving;
        receiving = null;
        String message = "request body larger than " + request.maxBodySize() + " bytes";
        request.failBody(new IllegalStateException(message));
        rejectRequest(request, 413, message);
        if (!request.dispatched) {
            request.dispatched = true;
            Dispatcher.refused(server, request);
        }
    }

    private void dispatch(Http1Request request) {
        request.dispatched = true;
        if (!Dispatcher.dispatch(server, request)) {
            request.response.keepAlive = false;
            closeAfterFlush();
        }
    }

    // ---- errors -----------------------------------------------------------------------------------------------

    /** A malformed request: answers {@code status} in order, then closes; nothing more is read. */
    private void reject(int status, String message) {
        Http1Request request = receiving;
        if (request != null) {
            receiving = null;
            request.failBody(new IllegalStateException(message));
            rejectRequest(request, status, message);
            return;
        }
        state = DISCARD;
        Http1Response response = new Http1Response(this, null, false);
        queue.add(response);
        sendError(response, status, message);
    }

    private void rejectRequest(Http1Request request, int status, String message) {
        state = DISCARD;
        Http1Response response = request.response;
        response.keepAlive = false;
        if (!response.isCommitted()) {
            sendError(response, status, message);
        } else if (response.finished()) {
            closeAfterFlush();
        }
    }

    private void closeAfterFlush() {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    private static void sendError(Http1Response response, int status, String message) {
        response.clearHeaders();
        response.status(status);
        response.send(message == null ? "" : message);
    }

    // ---- writing ----------------------------------------------------------------------------------------------

    boolean isCurrent(Http1Response response) {
        return queue.peek() == response;
    }

    void write(Object message, ChannelPromise promise) {
        if (!ctx.channel().isWritable() && overBufferLimit()) {
            ReferenceCountUtil.release(message);
            if (!promise.isVoid()) {
                promise.tryFailure(new ClosedChannelException());
            }
            giveUp();
            return;
        }
        ctx.write(message, promise);
        if (inRead) {
            flushNeeded = true;
        } else {
            ctx.flush();
        }
    }

    void writeContinue() {
        write(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
    }

    /** The response at the head of the queue has been written whole. */
    void responseFinished(Http1Response response) {
        queue.poll();
        Http1Request request = response.request();
        if (request != null) {
            if (request.mode() == BodyMode.AGGREGATE) {
                heldBytes -= request.bodyBytes();
            }
            request.release();
        }
        if (response.webSocket != null) {
            switchToWebSocket(response.webSocket);
            return;
        }
        if (!response.keepAlive) {
            state = DISCARD;
            return;
        }
        if (state == AWAIT_UPGRADE) {
            state = HEAD;
            if (cumulation != null && cumulation.isReadable()) {
                ctx.executor().execute(this::parseBuffered);
            }
        }
        maybeResumeParsing();
        Http1Response next = queue.peek();
        if (next != null) {
            next.becameCurrent();
        } else if (server.draining() && receiving == null) {
            state = DISCARD;
            closeAfterFlush();
        }
    }

    // ---- flow control -----------------------------------------------------------------------------------------

    @Override
    public void pauseReading(AbstractServerRequest request) {
        pausedByBody = true;
        updateAutoRead();
    }

    @Override
    public void resumeReading(AbstractServerRequest request) {
        pausedByBody = false;
        updateAutoRead();
    }

    private void updateAutoRead() {
        boolean read = !pausedByBody && !pausedByOutput
                && (cumulation == null || cumulation.readableBytes() <= UNPARSED_INPUT_HIGH_WATER);
        if (read != reading) {
            reading = read;
            ctx.channel().config().setAutoRead(read);
        }
    }

    /**
     * Whether to stop taking new requests until responses drain: too many read ahead, the outbound buffer above its
     * high-water mark (a peer that does not read its responses), or too many bytes held for this connection.
     */
    private boolean mustPauseParsing() {
        return queue.size() >= limits.maxPipelinedRequests() || !ctx.channel().isWritable()
                || heldBytes > limits.maxConnectionBuffer();
    }

    private void maybeResumeParsing() {
        if (pausedByOutput && !mustPauseParsing()) {
            pausedByOutput = false;
            updateAutoRead();
            if (cumulation != null && cumulation.isReadable()) {
                ctx.executor().execute(this::parseBuffered);
            }
        }
    }

    /** Parses requests read before parsing paused, flushing once at the end like a read batch. */
    private void parseBuffered() {
        if (cumulation == null || !ctx.channel().isActive() || pausedByOutput) {
            return;
        }
        inRead = true;
        try {
            process();
        } finally {
            inRead = false;
            if (flushNeeded) {
                flushNeeded = false;
                ctx.flush();
            }
            updateAutoRead();
        }
    }

    /**
     * A response held back behind earlier ones holds {@code delta} more (or, negative, fewer) bytes. A connection that
     * already holds more than its buffer limit is given up instead (see {@link #giveUp}).
     */
    void held(long delta) {
        if (delta > 0 && heldBytes + pendingOutboundBytes() > limits.maxConnectionBuffer()) {
            heldBytes += delta;
            giveUp();
            return;
        }
        heldBytes += delta;
        if (delta < 0) {
            maybeResumeParsing();
        }
    }

    /**
     * Whether the connection holds more than its buffer limit in unsent responses (its outbound buffer, and responses
     * held back behind the current one), so that no more may be queued. Reading stops well before (at the outbound
     * buffer's high-water mark), so only responses to requests already read get here: whole bodies produced on other
     * threads, or streamed bodies whose writer does not wait for the connection.
     */
    private boolean overBufferLimit() {
        return heldBytes + pendingOutboundBytes() > limits.maxConnectionBuffer();
    }

    private long pendingOutboundBytes() {
        ChannelOutboundBuffer out = ctx.channel().unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes();
    }

    /**
     * Closes a connection that would hold more unsent response data than its buffer limit (a peer that does not read
     * what it asked for): HTTP/1.1 cannot drop one response and go on, and closing releases everything held for it.
     */
    private void giveUp() {
        if (givenUp) {
            return;
        }
        givenUp = true;
        server.tracker().bufferLimitRefused();
        server.log().log(System.Logger.Level.DEBUG, "closing an HTTP/1.1 connection holding more than "
                + limits.maxConnectionBuffer() + " bytes of unsent responses");
        state = DISCARD;
        ctx.close();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        WritabilityWaiters.signal(ctx.channel());
        if (ctx.channel().isWritable()) {
            maybeResumeParsing();
        }
        ctx.fireChannelWritabilityChanged();
    }

    // ---- h2c upgrade ------------------------------------------------------------------------------------------

    private boolean canUpgrade(Http1Head head) {
        return !tls && server.options().http2().enabled() && server.options().http2().cleartext()
                && head.connectionUpgrade && head.http2SettingsCount == 1 && !head.hasBody() && !head.http10
                && queue.isEmpty() && !server.draining();
    }

    private void upgrade(Http1Head head) throws HttpParseException {
        Http2Settings settings = H2cSettings.decode(head.http2Settings);
        state = UPGRADED;
        stopTicker();
        ctx.write(Unpooled.wrappedBuffer(SWITCHING), ctx.voidPromise());
        Http2ServerConnection http2 = Http2ServerConnection.create(server, false);
        ctx.pipeline().addAfter(ctx.name(), null, http2);
        server.tracker().protocolSelected(ctx.channel(), Protocol.HTTP_2);
        try {
            http2.upgradedFrom(head.method, head.uri, head.headers, settings);
        } catch (Exception e) {
            ctx.close();
            return;
        }
        ByteBuf rest = cumulation;
        cumulation = null;
        ctx.flush();
        ChannelHandlerContext self = ctx;
        ctx.pipeline().remove(this);
        if (rest.isReadable()) {
            self.fireChannelRead(rest);
            self.fireChannelReadComplete();
        } else {
            rest.release();
        }
    }

    // ---- WebSocket ------------------------------------------------------------------------------------------------

    /** The {@code 101} has been written: the WebSocket handlers take the connection over, with any bytes read ahead. */
    private void switchToWebSocket(WebSocketStart start) {
        state = UPGRADED;
        stopTicker();
        flushNeeded = false;
        ctx.flush();
        if (!reading) {
            reading = true;
            ctx.channel().config().setAutoRead(true);
        }
        ByteBuf rest = cumulation;
        cumulation = null;
        ChannelHandlerContext self = ctx;
        WebSocketPipeline.install(self, server, start);
        self.pipeline().remove(this);
        if (rest != null && rest.isReadable()) {
            self.fireChannelRead(rest);
            self.fireChannelReadComplete();
        } else if (rest != null) {
            rest.release();
        }
    }

    // ---- timeouts and shutdown --------------------------------------------------------------------------------

    private void startTicker() {
        lastReadTick = ticks;
        ticker = deadlines.start(ctx, this::tick);
    }

    private void stopTicker() {
        if (ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }

    /** Checks every phase deadline; runs once per {@link Deadlines} period. */
    private void tick() {
        ticks++;
        if (!ctx.channel().isActive() || state == UPGRADED) {
            return;
        }
        if (writeProgress.stalledTicks(ctx.channel()) >= deadlines.write) {
            server.log().log(System.Logger.Level.DEBUG, "closing a connection whose peer does not read");
            ctx.close();
            return;
        }
        if (receiving != null) {
            checkBodyDeadline();
        } else if (state == HEAD && !pausedByOutput) {
            boolean partial = cumulation != null && cumulation.isReadable();
            if (headStartTick >= 0 && ticks - headStartTick >= deadlines.header) {
                if (partial) {
                    cumulation.skipBytes(cumulation.readableBytes());
                    reject(408, "request head not received in time");
                } else if (queue.isEmpty()) {
                    ctx.close();
                }
            } else if (!partial && queue.isEmpty() && ticks - lastReadTick >= deadlines.idle) {
                ctx.close();
            }
        }
    }

    private void checkBodyDeadline() {
        if (pausedByBody) {
            lastReadTick = ticks; // time the application keeps reading paused does not count
            return;
        }
        bodyActiveTicks++;
        if (ticks - lastReadTick < deadlines.body && !deadlines.tooSlow(receiving.bodyBytes(), bodyActiveTicks)) {
            return;
        }
        Http1Request request = receiving;
        if (request.response.isCommitted()) {
            request.failBody(new IllegalStateException("request body not received in time"));
            receiving = null;
            ctx.close();
        } else {
            reject(408, "request body not received in time");
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == DrainEvent.INSTANCE) {
            for (Http1Response response : queue) {
                if (!response.isCommitted()) {
                    response.keepAlive = false;
                }
            }
            if (queue.isEmpty() && receiving == null) {
                state = DISCARD;
                ctx.close();
            }
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cleanUp();
        WritabilityWaiters.signal(ctx.channel());
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (state != UPGRADED) {
            cleanUp();
        }
    }

    private void cleanUp() {
        stopTicker();
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        ClosedChannelException closed = new ClosedChannelException();
        if (receiving != null) {
            receiving.failBody(closed);
            receiving = null;
        }
        Http1Response response;
        while ((response = queue.poll()) != null) {
            response.discard(closed);
            if (response.request() != null) {
                response.request().failBody(closed);
                response.request().release();
            }
        }
        state = DISCARD;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        server.log().log(System.Logger.Level.DEBUG, "closing connection after error", cause);
        ctx.close();
    }
}
