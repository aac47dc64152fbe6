package dev.brisk.http.internal.http2;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.websocket.WebSocketUpgrade;
import io.netty.handler.codec.http.HttpMethod;

import java.util.Map;

/** A request received on one HTTP/2 stream. */
final class Http2Request extends AbstractServerRequest {

    private final Http2ServerConnection connection;
    final int streamId;
    final Http2Response response;
    private final long contentLength;
    boolean dispatched;
    /** Deadline bookkeeping, in ticks of the connection. */
    long lastDataTick;
    long bodyActiveTicks;
    long stalledWriteTicks;
    /** Flow-control credit of received DATA not yet returned to the peer (paused consumer, connection buffer full). */
    int withheldCredit;
    /** Body bytes counted against the connection's buffer limit. */
    long bufferedBytes;

    Http2Request(ServerContext server, Http2ServerConnection connection, int streamId, HttpMethod method,
                 String uri, Headers headers, long contentLength) {
        super(server, connection.channel(), connection, method, uri, headers);
        this.connection = connection;
        this.streamId = streamId;
        this.contentLength = contentLength;
        this.response = new Http2Response(connection, streamId, method == HttpMethod.HEAD);
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_2;
    }

    @Override
    public long contentLength() {
        return contentLength;
    }

    @Override
    public ServerResponse response() {
        return response;
    }

    /** Checks the handshake as HTTP/1.1 does, then refuses it: WebSocket over HTTP/2 (RFC 8441) is not offered. */
    @Override
    public boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options,
                                      Map<String, String> pathParams) {
        return WebSocketUpgrade.negotiate(this, endpoint, options, pathParams) != null
                && super.upgradeToWebSocket(endpoint, options, pathParams);
    }


}
