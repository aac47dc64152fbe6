package dev.brisk.http.internal.http2;

import dev.brisk.http.common.HttpStatus;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractServerResponse;
import dev.brisk.http.internal.DateHeader;
import dev.brisk.http.internal.FileStreamer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/** A response on one HTTP/2 stream: a HEADERS frame, DATA frames, and optional trailing HEADERS. */
final class Http2Response extends AbstractServerResponse {

    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString SERVER = AsciiString.cached("server");
    private static final AsciiString ALT_SVC = AsciiString.cached("alt-svc");

    private final Http2ServerConnection connection;
    private final int streamId;

    Http2Response(Http2ServerConnection connection, int streamId, boolean headRequest) {
        super(connection.channel(), headRequest);
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
        Http2Headers head = head(bodyAllowed ? length : -1);
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
        connection.writeHeaders(streamId, head(-1), false, channel.newPromise());
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
            DefaultHttp2Headers fields = new DefaultHttp2Headers(false, trailers.size());
            copy(trailers, fields);
            connection.writeHeaders(streamId, fields, true, lastWritePromise(false));
        }
    }

    @Override
    protected void writeAbort(Throwable cause) {
        connection.resetStream(streamId, Http2Error.INTERNAL_ERROR);
    }

    @Override
    protected void writeFile(Path file, long offset, long length, CompletableFuture<Void> result) {
        FileStreamer.start(this, file, offset, length, result);
    }

    @Override
    protected ChannelPromise lastWritePromise(boolean closeAfter) {
        ChannelPromise promise = super.lastWritePromise(closeAfter);
        return promise.isVoid() ? channel.newPromise() : promise;
    }

    private Http2Headers head(long contentLength) {
        DefaultHttp2Headers fields = new DefaultHttp2Headers(false, headers.size() + 3);
        fields.status(AsciiString.of(Integer.toString(status)));
        copy(headers, fields);
        if (contentLength >= 0 && !fields.contains(CONTENT_LENGTH)) {
            fields.setLong(CONTENT_LENGTH, contentLength);
        }
        fields.set(DATE, DateHeader.value());
        connection.server().options().serverHeader().ifPresent(value -> fields.set(SERVER, value));
        AsciiString altSvc = connection.server().altSvc();
        if (altSvc != null) {
            fields.set(ALT_SVC, altSvc);
        }
        return fields;
    }

    private static void copy(ArrayHeaders from, Http2Headers to) {
        for (int i = 0; i < from.size(); i++) {
            CharSequence name = from.nameAt(i);
            if (isConnectionSpecific(name)) {
                continue;
            }
            to.add(AsciiString.of(name).toLowerCase(), from.valueAt(i));
        }
    }

    /** Fields that HTTP/2 forbids (RFC 9113, section 8.2.2). */
    private static boolean isConnectionSpecific(CharSequence name) {
        return AsciiString.contentEqualsIgnoreCase(name, "connection")
                || AsciiString.contentEqualsIgnoreCase(name, "transfer-encoding")
                || AsciiString.contentEqualsIgnoreCase(name, "keep-alive")
                || AsciiString.contentEqualsIgnoreCase(name, "proxy-connection")
                || AsciiString.contentEqualsIgnoreCase(name, "upgrade");
    }
}
