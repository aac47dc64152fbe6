package dev.brisk.http.internal;

import dev.brisk.http.BodyListener;
import dev.brisk.http.BodyMode;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.PathDecoder;
import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.ssl.SslHandler;

import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * What HTTP/1.x and HTTP/2 requests share: lazily decoded path, query and cookies, and the body, either aggregated
 * into one buffer or delivered to a {@link BodyListener}. Body methods run on the connection's event loop.
 */
public abstract class AbstractServerRequest implements ServerRequest {

    /** Pieces up to this size are copied into a growing tail buffer rather than kept as components of their own. */
    private static final int SMALL_PIECE = 1024;

    protected final ServerContext server;
    protected final Channel channel;
    private final ReadControl readControl;
    private final HttpMethod method;
    private final String uri;
    private final Headers headers;

    private int queryStart = -2;
    private String path;
    private Map<String, List<String>> queryParams;
    private Map<String, String> cookies;
    private Map<String, Object> attributes;

    private long maxBodySize;
    private BodyMode mode = BodyMode.AGGREGATE;
    private ByteBuf body;
    /** Small pieces of an aggregated body are copied here; it joins {@link #body} when full or at the end. */
    private ByteBuf tail;
    private long bodyBytes;
    private Headers trailers = ArrayHeaders.EMPTY;
    private BodyListener listener;
    private ArrayDeque<ByteBuf> queued;
    private boolean bodyEnded;
    private Throwable bodyError;
    private boolean paused;
    private boolean released;

    protected AbstractServerRequest(ServerContext server, Channel channel, ReadControl readControl,
                                    HttpMethod method, String uri, Headers headers) {
        this.server = server;
        this.channel = channel;
        this.readControl = readControl;
        this.method = method;
        this.uri = uri;
        this.headers = headers;
        this.maxBodySize = server.options().limits().maxBodySize();
        server.tracker().requestStarted();
    }

    @Override
    public HttpMethod method() {
        return method;
    }

    @Override
    public String uri() {
        return uri;
    }

    private int queryStart() {
        if (queryStart == -2) {
            queryStart = uri.indexOf('?');
        }
        return queryStart;
    }

    @Override
    public String rawPath() {
        int q = queryStart();
        String target = q < 0 ? uri : uri.substring(0, q);
        if (target.isEmpty() || target.charAt(0) == '/' || target.equals("*")) {
            return target;
        }
        // absolute-form: drop scheme and authority
        int schemeEnd = target.indexOf("://");
        if (schemeEnd > 0) {
            int slash = target.indexOf('/', schemeEnd + 3);
            return slash < 0 ? "/" : target.substring(slash);
        }
        return target;
    }

    @Override
    public String path() {
        if (path == null) {
            path = PathDecoder.decode(rawPath());
        }
        return path;
    }

    @Override
    public String rawQuery() {
        int q = queryStart();
        return q < 0 ? "" : uri.substring(q + 1);
    }

    @Override
    public Map<String, List<String>> queryParams() {
        if (queryParams == null) {
            int q = queryStart();
            queryParams = q < 0 ? Map.of()
                    : new QueryStringDecoder(uri.substring(q + 1), false).parameters();
        }
        return queryParams;
    }

    @Override
    public Optional<String> query(String name) {
        List<String> values = queryParams().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    @Override
    public List<String> queryAll(String name) {
        List<String> values = queryParams().get(name);
        return values == null ? List.of() : values;
    }

    @Override
    public Headers headers() {
        return headers;
    }

    @Override
    public Map<String, String> cookies() {
        if (cookies == null) {
            List<String> lines = headers.all("cookie");
            if (lines.isEmpty()) {
                cookies = Map.of();
            } else {
                Map<String, String> map = new LinkedHashMap<>();
                for (String line : lines) {
                    for (Cookie cookie : ServerCookieDecoder.STRICT.decode(line)) {
                        map.putIfAbsent(cookie.name(), cookie.value());
                    }
                }
                cookies = map;
            }
        }
        return cookies;
    }

    @Override
    public Optional<String> cookie(String name) {
        return Optional.ofNullable(cookies().get(name));
    }

    @Override
    public String scheme() {
        return server.sslContext() != null ? "https" : "http";
    }

    @Override
    public SocketAddress remoteAddress() {
        return channel.remoteAddress();
    }

    @Override
    public SocketAddress localAddress() {
        return channel.localAddress();
    }

    @Override
    public Optional<SSLSession> tlsSession() {
        SslHandler ssl = channel.pipeline().get(SslHandler.class);
        return ssl == null ? Optional.empty() : Optional.of(ssl.engine().getSession());
    }

    @Override
    public ByteBufAllocator allocator() {
        return channel.alloc();
    }

    @Override
    public Map<String, Object> attributes() {
        if (attributes == null) {
            attributes = new HashMap<>(4);
        }
        return attributes;
    }

    @Override
    public long maxBodySize() {
        return maxBodySize;
    }

    @Override
    public void maxBodySize(long maxBodySize) {
        if (maxBodySize < 0) {
            throw new IllegalArgumentException("maxBodySize must be >= 0: " + maxBodySize);
        }
        this.maxBodySize = maxBodySize;
    }

    // ---- body -------------------------------------------------------------------------------------------------

    /** Sets how the body is received; called by the connection after {@code HttpHandler.bodyMode}. */
    public void mode(BodyMode mode) {
        this.mode = mode;
    }

    public BodyMode mode() {
        return mode;
    }

    @Override
    public ByteBuf body() {
        if (mode == BodyMode.STREAM) {
            throw new IllegalStateException("the body of this request is streamed: use stream(BodyListener)");
        }
        if (released) {
            throw new IllegalStateException("the request body was released when its response ended");
        }
        return body == null ? Unpooled.EMPTY_BUFFER : body;
    }

    @Override
    public Headers trailers() {
        return trailers;
    }

    /** Bytes of body received so far. */
    public long bodyBytes() {
        return bodyBytes;
    }

    /**
     * Takes a piece of body (ownership included). Returns false, having released it, when the body limit is
     * exceeded.
     */
    public boolean appendBody(ByteBuf piece) {
        bodyBytes += piece.readableBytes();
        if (bodyBytes > maxBodySize) {
            piece.release();
            return false;
        }
        if (released) {
            piece.release();
            return true;
        }
        if (mode == BodyMode.AGGREGATE) {
            aggregate(piece);
        } else if (listener == null || paused || queued != null) {
            if (queued == null) {
                queued = new ArrayDeque<>();
            }
            queued.add(piece);
        } else {
            deliver(piece);
        }
        return true;
    }

    /**
     * Adds a piece to the aggregated body in time linear in the body size however it is cut: the first piece is kept
     * as it is (a body read in one go stays a zero-copy slice); small pieces are copied into a tail buffer that
     * doubles as it fills; large ones become components of a composite, which never needs consolidating because
     * every component is either large or a full tail buffer.
     */
    private void aggregate(ByteBuf piece) {
        if (body == null && tail == null) {
            body = piece;
            return;
        }
        int length = piece.readableBytes();
        if (length <= SMALL_PIECE) {
            if (tail != null && tail.writableBytes() < length) {
                addComponent(tail);
                tail = null;
            }
            if (tail == null) {
                int capacity = (int) Math.max(4096, Math.min(bodyBytes, 1 << 20));
                tail = channel.alloc().buffer(Math.max(capacity, length));
            }
            tail.writeBytes(piece);
            piece.release();
        } else {
            if (tail != null) {
                addComponent(tail);
                tail = null;
            }
            addComponent(piece);
        }
    }

    private void addComponent(ByteBuf piece) {
        if (body == null) {
            body = piece;
        } else if (body instanceof CompositeByteBuf composite) {
            composite.addComponent(true, piece);
        } else {
            CompositeByteBuf composite = channel.alloc().compositeBuffer(Integer.MAX_VALUE);
            composite.addComponent(true, body);
            composite.addComponent(true, piece);
            body = composite;
        }
    }

    private void deliver(ByteBuf piece) {
        try {
            listener.onData(piece);
        } catch (Throwable t) {
            server.logHandlerFailure("body listener failed on " + method + " " + uri, t);
        } finally {
            piece.release();
        }
    }

    /** The body is complete. */
    public void endBody(Headers trailers) {
        if (tail != null) {
            addComponent(tail);
            tail = null;
        }
        this.trailers = trailers;
        bodyEnded = true;
        if (mode == BodyMode.STREAM && listener != null && queued == null) {
            notifyEnd();
        }
    }

    /** The body will not complete. */
    public void failBody(Throwable cause) {
        if (bodyEnded || bodyError != null) {
            return;
        }
        bodyError = cause;
        if (mode == BodyMode.STREAM && listener != null && queued == null) {
            notifyError();
        }
    }

    /** Whether the application has paused the body (streamed mode). */
    public boolean isPaused() {
        return paused;
    }

    /** Whether the whole body has arrived. */
    public boolean bodyEnded() {
        return bodyEnded;
    }

    private void notifyEnd() {
        try {
            listener.onEnd(trailers);
        } catch (Throwable t) {
            server.logHandlerFailure("body listener failed on " + method + " " + uri, t);
        }
    }

    private void notifyError() {
        try {
            listener.onError(bodyError);
        } catch (Throwable t) {
            server.logHandlerFailure("body listener failed on " + method + " " + uri, t);
        }
    }

    @Override
    public void stream(BodyListener listener) {
        if (!channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(() -> stream(listener));
            return;
        }
        if (mode != BodyMode.STREAM) {
            throw new IllegalStateException("stream(...) needs BodyMode.STREAM from HttpHandler.bodyMode");
        }
        if (this.listener != null) {
            throw new IllegalStateException("a body listener is already registered");
        }
        this.listener = listener;
        drainQueued();
    }

    private void drainQueued() {
        while (queued != null && !paused) {
            ByteBuf next = queued.poll();
            if (next == null) {
                queued = null;
                break;
            }
            deliver(next);
        }
        if (queued == null && listener != null) {
            if (bodyEnded) {
                notifyEnd();
            } else if (bodyError != null) {
                notifyError();
            }
        }
    }

    @Override
    public void pause() {
        if (!channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(this::pause);
            return;
        }
        if (!paused && !bodyEnded) {
            paused = true;
            readControl.pauseReading(this);
        }
    }

    @Override
    public void resume() {
        if (!channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(this::resume);
            return;
        }
        if (paused) {
            paused = false;
            drainQueued();
            readControl.resumeReading(this);
        }
    }

    /** Releases the body and anything queued; called once the response has ended or the connection closed. */
    public void release() {
        if (released) {
            return;
        }
        released = true;
        server.tracker().requestEnded();
        if (body != null) {
            body.release();
            body = null;
        }
        if (tail != null) {
            tail.release();
            tail = null;
        }
        if (queued != null) {
            for (ByteBuf piece : queued) {
                piece.release();
            }
            queued = null;
        }
        if (paused) {
            paused = false;
            readControl.resumeReading(this);
        }
    }
}
