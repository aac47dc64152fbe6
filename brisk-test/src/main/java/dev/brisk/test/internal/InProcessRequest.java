package dev.brisk.test.internal;

import dev.brisk.http.BodyListener;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.test.TestRequest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;

import dev.brisk.http.common.PathDecoder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** A {@link ServerRequest} made from a {@link TestRequest}, as if it had arrived over HTTP/1.1 on loopback. */
final class InProcessRequest implements ServerRequest {

    private static final InetSocketAddress CLIENT = new InetSocketAddress("127.0.0.1", 50000);
    private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 8080);

    private final HttpMethod method;
    private final String uri;
    private final WritableHeaders headers = WritableHeaders.create();
    private final ByteBuf body;
    private final InProcessResponse response = new InProcessResponse();
    private final Map<String, Object> attributes = new HashMap<>();
    private QueryStringDecoder query;
    private long maxBodySize = 4L * 1024 * 1024;
    private boolean streamed;

    InProcessRequest(TestRequest request) {
        this.method = HttpMethod.valueOf(request.method());
        this.uri = request.path();
        for (String[] header : request.headers()) {
            headers.add(header[0], header[1]);
        }
        if (request.body().length > 0 && !headers.contains("content-length")) {
            headers.set("content-length", String.valueOf(request.body().length));
        }
        this.body = Unpooled.wrappedBuffer(request.body());
    }

    InProcessResponse responseObject() {
        return response;
    }

    void streamBody() {
        streamed = true;
    }

    void release() {
        if (body.refCnt() > 0) {
            body.release();
        }
    }

    private QueryStringDecoder decoder() {
        if (query == null) {
            query = new QueryStringDecoder(uri);
        }
        return query;
    }

    @Override
    public HttpMethod method() {
        return method;
    }

    @Override
    public String uri() {
        return uri;
    }

    @Override
    public String rawPath() {
        return decoder().rawPath();
    }

    @Override
    public String path() {
        return PathDecoder.decode(rawPath());
    }

    @Override
    public String rawQuery() {
        return decoder().rawQuery();
    }

    @Override
    public Optional<String> query(String name) {
        List<String> values = decoder().parameters().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    @Override
    public List<String> queryAll(String name) {
        return decoder().parameters().getOrDefault(name, List.of());
    }

    @Override
    public Map<String, List<String>> queryParams() {
        return decoder().parameters();
    }

    @Override
    public Headers headers() {
        return headers;
    }

    @Override
    public Optional<String> cookie(String name) {
        return Optional.ofNullable(cookies().get(name));
    }

    @Override
    public Map<String, String> cookies() {
        Map<String, String> cookies = new LinkedHashMap<>();
        for (String line : headers.all("cookie")) {
            for (Cookie cookie : ServerCookieDecoder.STRICT.decode(line)) {
                cookies.putIfAbsent(cookie.name(), cookie.value());
            }
        }
        return cookies;
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_1_1;
    }

    @Override
    public String scheme() {
        return "http";
    }

    @Override
    public SocketAddress remoteAddress() {
        return CLIENT;
    }

    @Override
    public SocketAddress localAddress() {
        return SERVER;
    }

    @Override
    public Optional<SSLSession> tlsSession() {
        return Optional.empty();
    }

    @Override
    public long contentLength() {
        return body.readableBytes();
    }

    @Override
    public ByteBuf body() {
        if (streamed) {
            throw new IllegalStateException("the body of this request is streamed: use stream(BodyListener)");
        }
        return body;
    }

    @Override
    public Headers trailers() {
        return Headers.empty();
    }

    @Override
    public void stream(BodyListener listener) {
        if (!streamed) {
            throw new IllegalStateException("stream(...) needs BodyMode.STREAM from HttpHandler.bodyMode");
        }
        if (body.isReadable()) {
            listener.onData(body.retainedDuplicate());
        }
        listener.onEnd(Headers.empty());
    }

    @Override
    public void pause() {
    }

    @Override
    public void resume() {
    }

    @Override
    public long maxBodySize() {
        return maxBodySize;
    }

    @Override
    public void maxBodySize(long maxBodySize) {
        this.maxBodySize = maxBodySize;
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public ByteBufAllocator allocator() {
        return ByteBufAllocator.DEFAULT;
    }

    @Override
    public ServerResponse response() {
        return response;
    }
}
