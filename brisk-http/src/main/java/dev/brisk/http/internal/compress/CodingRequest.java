package dev.brisk.http.internal.compress;

import dev.brisk.http.BodyListener;
import dev.brisk.http.BodyMode;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpMethod;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import io.netty.util.AsciiString;
import java.net.SocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * A request as the application sees it when compression is on: its response compresses, and an encoded body is
 * presented decoded (without {@code Content-Encoding} and {@code Content-Length}, limited by its own
 * {@link #maxBodySize()}). Everything else is the received request's.
 */
final class CodingRequest implements ServerRequest {

    private static final int PIECE = 64 * 1024;

    private final ServerRequest received;
    private final ServerResponse response;
    /** Codings of the body in the order applied, or null when the body is passed through as received. */
    final List<ContentCoding> bodyCodings;
    private Headers headers;
    private long maxBodySize;
    private ByteBuf decoded;
    BodyMode mode = BodyMode.AGGREGATE;

    CodingRequest(ServerRequest received, ServerResponse response, List<ContentCoding> bodyCodings) {
        this.received = received;
        this.response = response;
        this.bodyCodings = bodyCodings;
        this.maxBodySize = received.maxBodySize();
    }

    /** The decoded body; released with the request's own body once the response has ended. */
    void decoded(ByteBuf decoded) {
        this.decoded = decoded;
        received.response().completion().whenComplete((v, e) -> decoded.release());
    }

    @Override
    public HttpMethod method() {
        return received.method();
    }

    @Override
    public String uri() {
        return received.uri();
    }

    @Override
    public String rawPath() {
        return received.rawPath();
    }

    @Override
    public String path() {
        return received.path();
    }

    @Override
    public String rawQuery() {
        return received.rawQuery();
    }

    @Override
    public Optional<String> query(String name) {
        return received.query(name);
    }

    @Override
    public List<String> queryAll(String name) {
        return received.queryAll(name);
    }

    @Override
    public Map<String, List<String>> queryParams() {
        return received.queryParams();
    }

    @Override
    public Headers headers() {
        if (bodyCodings == null) {
            return received.headers();
        }
        if (headers == null) {
            ArrayHeaders copy = new ArrayHeaders(received.headers().size());
            received.headers().forEach((name, value) -> {
                if (!AsciiString.contentEqualsIgnoreCase(name, "content-encoding")
                        && !AsciiString.contentEqualsIgnoreCase(name, "content-length")) {
                    copy.addTrusted(name, value);
                }
            });
            headers = copy.seal();
        }
        return headers;
    }

    @Override
    public Optional<String> cookie(String name) {
        return received.cookie(name);
    }

    @Override
    public Map<String, String> cookies() {
        return received.cookies();
    }

    @Override
    public Protocol protocol() {
        return received.protocol();
    }

    @Override
    public String scheme() {
        return received.scheme();
    }

    @Override
    public SocketAddress remoteAddress() {
        return received.remoteAddress();
    }

    @Override
    public SocketAddress localAddress() {
        return received.localAddress();
    }

    @Override
    public Optional<SSLSession> tlsSession() {
        return received.tlsSession();
    }

    @Override
    public long contentLength() {
        if (bodyCodings == null) {
            return received.contentLength();
        }
        return decoded == null ? -1 : decoded.readableBytes();
    }

    @Override
    public ByteBuf body() {
        return decoded != null ? decoded : received.body();
    }

    @Override
    public Headers trailers() {
        return received.trailers();
    }

    @Override
    public void stream(BodyListener listener) {
        if (bodyCodings == null) {
            received.stream(listener);
            return;
        }
        if (mode != BodyMode.STREAM) {
            throw new IllegalStateException("stream(...) needs BodyMode.STREAM from HttpHandler.bodyMode");
        }
        // the encoded body was received whole and decoded: it is handed over in pieces at once
        ByteBuf body = body();
        int index = body.readerIndex();
        int end = body.writerIndex();
        while (index < end) {
            int length = Math.min(PIECE, end - index);
            listener.onData(body.slice(index, length));
            index += length;
        }
        listener.onEnd(received.trailers());
    }

    @Override
    public void pause() {
        received.pause();
    }

    @Override
    public void resume() {
        received.resume();
    }

    @Override
    public long maxBodySize() {
        return bodyCodings == null ? received.maxBodySize() : maxBodySize;
    }

    @Override
    public void maxBodySize(long maxBodySize) {
        if (bodyCodings == null) {
            received.maxBodySize(maxBodySize);
        } else {
            this.maxBodySize = maxBodySize;
        }
    }

    @Override
    public Map<String, Object> attributes() {
        return received.attributes();
    }

    @Override
    public ByteBufAllocator allocator() {
        return received.allocator();
    }

    @Override
    public ServerResponse response() {
        return response;
    }

    /** The handshake is answered by the received request: a {@code 101} and the frames after it are never encoded. */
    @Override
    public boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options,
                                      Map<String, String> pathParams) {
        return received.upgradeToWebSocket(endpoint, options, pathParams);
    }
}
