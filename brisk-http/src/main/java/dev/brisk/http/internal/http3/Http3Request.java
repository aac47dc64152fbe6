package dev.brisk.http.internal.http3;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractStreamRequest;
import dev.brisk.http.internal.ServerContext;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.quic.QuicChannel;

import java.net.SocketAddress;
import java.util.Optional;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;

/** A request received on one HTTP/3 request stream; its addresses and TLS session are those of its QUIC connection. */
final class Http3Request extends AbstractStreamRequest {

    private final QuicChannel connection;
    final Http3Response response;

    Http3Request(ServerContext server, Http3Stream stream, HttpMethod method, String uri, Headers headers,
                 long contentLength) {
        super(server, stream.channel(), stream, method, uri, headers, contentLength);
        this.connection = stream.channel().parent();
        this.response = new Http3Response(stream, method == HttpMethod.HEAD);
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_3;
    }

    @Override
    public ServerResponse response() {
        return response;
    }

    @Override
    public String scheme() {
        return "https";
    }

    @Override
    public SocketAddress remoteAddress() {
        return connection.remoteSocketAddress();
    }

    @Override
    public SocketAddress localAddress() {
        return connection.localSocketAddress();
    }

    @Override
    public Optional<SSLSession> tlsSession() {
        SSLEngine engine = connection.sslEngine();
        return engine == null ? Optional.empty() : Optional.ofNullable(engine.getSession());
    }
}
