package dev.brisk.http.internal;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Headers;
import dev.brisk.http.internal.websocket.WebSocketUpgrade;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpMethod;

import java.util.Map;

/**
 * What a request received on one stream of an HTTP/2 or HTTP/3 connection shares: the content-length its head
 * declared (checked against the body by the protocol), and no WebSocket over it (RFC 8441, RFC 9220 are not offered):
 * a handshake is checked as on HTTP/1.1, then refused.
 */
public abstract class AbstractStreamRequest extends AbstractServerRequest {

    private final long contentLength;

    protected AbstractStreamRequest(ServerContext server, Channel channel, ReadControl readControl, HttpMethod method,
                                    String uri, Headers headers, long contentLength) {
        super(server, channel, readControl, method, uri, headers);
        this.contentLength = contentLength;
    }

    @Override
    public long contentLength() {
        return contentLength;
    }

    /** Checks the handshake as HTTP/1.1 does, then refuses it. */
    @Override
    public boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options,
                                      Map<String, String> pathParams) {
        return WebSocketUpgrade.negotiate(this, endpoint, options, pathParams) != null
                && super.upgradeToWebSocket(endpoint, options, pathParams);
    }
}
