package dev.brisk.http.internal.http2;

import dev.brisk.http.common.HttpStatus;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractStreamResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/** A response on one HTTP/2 stream: a HEADERS frame, DATA frames, and optional trailing HEADERS. */
final class Http2Response extends AbstractStreamResponse<Http2Headers> {

    private static final AsciiString ALT_SVC = AsciiString.cached("alt-svc");

    private final Http2ServerConnection connection;
    private final int streamId;

    Http2Response(Http2ServerConnection connection, int streamId, boolean headRequest) {
        super(connection.channel(), connection.server(), headRequest);
        this.connection = connection;
        this.streamId = streamId;
    }

    @Override
    protected void sendWhole(ByteBuf body) {
        int length = body.readableBytes();
        boolean bodyAllowed = !HttpStatus.forbidsBody(status);
        boolean writeBody = !bodySuppressed() && length > 0;
        if (writeBody && !connection.mayQueue(streamId, true, body)) {
            lastWritePromise(false).tryFailure(new IOException("response dropped: its connection holds more unsent "
                    + "response data than its buffer limit"));
            return;
        }
        Http2Headers head = headWithAltSvc(bodyAllowed ? length : -1);
        if (writeBody) {
            connection.writeHeaders(streamId, head, false, channel.newPromise());
            connection.writeData(streamId, body, true, lastWritePromise(false));
        } else {
            body.release();
            connection.writeHeaders(streamId, head, true, lastWritePromise(false));
        }
    }

    @Override
    protected void writeHead() {
        connection.writeHeaders(streamId, headWithAltSvc(-1), false, channel.newPromise());
    }

    @Override
    protected void writeChunk(ByteBuf chunk) {
        if (bodySuppressed() || !chunk.isReadable()) {
            chunk.release();
            return;
        }
        if (!connection.mayQueue(streamId, false, chunk)) {
            return;
        }
        connection.writeData(streamId, chunk, false, channel.newPromise());
    }

    /** A streamed HTTP/2 body waits for the stream's flow-control window, not only for the socket. */
    @Override
    protected void whenWritable(CompletableFuture<Void> result) {
        connection.whenStreamWritable(streamId, result);
    }

    @Override
    protected boolean canTakeMore() {
        return connection.isStreamWritable(streamId);
    }

    @Override
    protected void writeEnd(ArrayHeaders trailers) {
        if (trailers.isEmpty()) {
            connection.writeData(streamId, Unpooled.EMPTY_BUFFER, true, lastWritePromise(false));
        } else {
            connection.writeHeaders(streamId, trailerFields(trailers), true, lastWritePromise(false));
        }
    }

    @Override
    protected void writeAbort(Throwable cause) {
        connection.resetStream(streamId, Http2Error.INTERNAL_ERROR);
    }

    @Override
    protected Http2Headers newFields(int size) {
        return new DefaultHttp2Headers(false, size);
    }

    /** The head, and {@code alt-svc} when the server advertises HTTP/3. */
    private Http2Headers headWithAltSvc(long contentLength) {
        Http2Headers fields = head(contentLength);
        AsciiString altSvc = server.altSvc();
        if (altSvc != null) {
            fields.set(ALT_SVC, altSvc);
        }
        return fields;
    }
}
