package dev.brisk.http.internal.http1;

import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.handler.codec.http.HttpMethod;

/** A parsed and validated HTTP/1.x request head, plus what framing and connection handling need from it. */
final class Http1Head {
    HttpMethod method;
    String uri;
    boolean http10;
    final ArrayHeaders headers;
    /** Declared Content-Length, or -1. */
    long contentLength = -1;
    boolean chunked;
    boolean connectionClose;
    boolean connectionKeepAlive;
    boolean connectionUpgrade;
    boolean expectContinue;
    boolean upgradeH2c;
    /** {@code Upgrade: websocket}: what follows the head waits until the handler has answered. */
    boolean upgradeWebSocket;
    CharSequence http2Settings;
    int http2SettingsCount;

    Http1Head(int expectedHeaders) {
        headers = new ArrayHeaders(expectedHeaders);
    }

    /** Whether the connection may carry another request after this one. */
    boolean keepAlive() {
        return http10 ? connectionKeepAlive && !connectionClose : !connectionClose;
    }

    boolean hasBody() {
        return chunked || contentLength > 0;
    }
}
