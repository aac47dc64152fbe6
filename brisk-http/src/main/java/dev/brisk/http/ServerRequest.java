package dev.brisk.http;

import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpMethod;

import java.net.SocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * An HTTP request received by the server, over HTTP/1.x or HTTP/2 alike. Path, query and cookies are decoded lazily,
 * on first access. Not thread-safe: hand it to one thread at a time.
 */
public interface ServerRequest {

    /** The request method. */
    HttpMethod method();

    /** The request target exactly as received, e.g. {@code /a%20b?x=1}. */
    String uri();

    /** The path part of the target, still percent-encoded. */
    String rawPath();

    /** The path, percent-decoded. */
    String path();

    /** The query string without {@code ?}, still encoded; empty when absent. */
    String rawQuery();

    /** The first value of query parameter {@code name}, decoded. */
    Optional<String> query(String name);

    /** Every value of query parameter {@code name}; empty when absent. */
    List<String> queryAll(String name);

    /** All query parameters, decoded, in arrival order. */
    Map<String, List<String>> queryParams();

    /** The request header fields. */
    Headers headers();

    /** The value of cookie {@code name}. */
    Optional<String> cookie(String name);

    /** All cookies sent with the request, by name. */
    Map<String, String> cookies();

    /** The protocol version. */
    Protocol protocol();

    /** {@code http} or {@code https}. */
    String scheme();

    /** The client's address. */
    SocketAddress remoteAddress();

    /** The server address the request arrived on. */
    SocketAddress localAddress();

    /** The TLS session when the connection is encrypted. */
    Optional<SSLSession> tlsSession();

    /** The {@code Content-Length} the client declared, or -1 when the body length is not known in advance. */
    long contentLength();

    /**
     * The aggregated body (mode {@link BodyMode#AGGREGATE}); an empty buffer when there is none. The buffer belongs to
     * the request and is released once the response has ended: retain it to keep it longer.
     */
    ByteBuf body();

    /** The aggregated body copied into a new array. */
    default byte[] bodyAsBytes() {
        ByteBuf body = body();
        byte[] bytes = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), bytes);
        return bytes;
    }

    /** The aggregated body decoded with {@code charset}. */
    default String bodyAsString(Charset charset) {
        ByteBuf body = body();
        return body.toString(body.readerIndex(), body.readableBytes(), charset);
    }

    /** The aggregated body decoded as UTF-8. */
    default String bodyAsString() {
        return bodyAsString(StandardCharsets.UTF_8);
    }

    /** Trailer fields that followed a chunked or HTTP/2 body; empty when none. */
    Headers trailers();

    /**
     * Receives the body as a stream (mode {@link BodyMode#STREAM}). Call once, from the handler. Data that arrived
     * before the call is delivered first.
     */
    void stream(BodyListener listener);

    /** Stops reading this request's body from the socket until {@link #resume()}. */
    void pause();

    /** Resumes reading after {@link #pause()}. */
    void resume();

    /** The largest body accepted for this request; defaults to the server limit. */
    long maxBodySize();

    /** Overrides the body limit for this request; effective when called from {@link HttpHandler#bodyMode}. */
    void maxBodySize(long maxBodySize);

    /** Attributes attached to this request by the application. */
    Map<String, Object> attributes();

    /** The connection's buffer allocator, for building response bodies. */
    ByteBufAllocator allocator();

    /** The response to this request. */
    ServerResponse response();

    // ---- WebSocket ----------------------------------------------------------------------------------------------

    /** Whether this request asks to switch to WebSocket ({@code Upgrade: websocket}); it may still be invalid. */
    default boolean isWebSocketUpgrade() {
        return headers().all("upgrade").stream()
                .anyMatch(value -> Arrays.stream(value.split(","))
                        .anyMatch(token -> token.trim().equalsIgnoreCase("websocket")));
    }

    /** Same as {@link #upgradeToWebSocket(WebSocketEndpoint, WebSocketOptions, Map)} without path parameters. */
    default boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options) {
        return upgradeToWebSocket(endpoint, options, Map.of());
    }

    /**
     * Answers this request by switching its HTTP/1.1 connection to WebSocket (RFC 6455) served by {@code endpoint}:
     * validates the handshake, negotiates subprotocol and extensions, sends {@code 101 Switching Protocols} and, once
     * it is written, hands the connection to the endpoint. Returns false, having answered the request already, when
     * the handshake is invalid ({@code 400}), the version is not 13 ({@code 426}), the origin is not allowed
     * ({@code 403}), or the request did not arrive over HTTP/1.1 ({@code 426}; WebSocket over HTTP/2, RFC 8441, is not
     * offered). May be called from any thread, once, instead of sending a response.
     *
     * @param pathParams parameters a router matched, visible as {@link WebSocketSession#pathParams()}
     */
    default boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options,
                                       Map<String, String> pathParams) {
        response().status(426).header("sec-websocket-version", "13").send("WebSocket needs HTTP/1.1");
        return false;
    }
}
