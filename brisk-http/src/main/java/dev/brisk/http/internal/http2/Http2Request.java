package dev.brisk.http.internal.http2;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractStreamRequest;
import dev.brisk.http.internal.ServerContext;
import io.netty.handler.codec.http.HttpMethod;

/** A request received on one HTTP/2 stream. */
final class Http2Request extends AbstractStreamRequest {

    private final Http2ServerConnection connection;
    final int streamId;
    final Http2Response response;
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
        super(server, connection.channel(), connection, method, uri, headers, contentLength);
        this.connection = connection;
        this.streamId = streamId;
        this.response = new Http2Response(connection, streamId, method == HttpMethod.HEAD);
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_2;
    }

    @Override
    public ServerResponse response() {
        return response;
    }
}
