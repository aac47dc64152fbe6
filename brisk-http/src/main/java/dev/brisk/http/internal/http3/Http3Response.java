package dev.brisk.http.internal.http3;

import dev.brisk.http.common.HttpStatus;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractStreamResponse;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;

import java.io.IOException;

/**
 * A response on one HTTP/3 request stream: a HEADERS frame, DATA frames, optional trailing HEADERS, then the end of
 * the stream (FIN). A streamed body waits for the stream to be writable, which Netty's QUIC channel reports from the
 * peer's flow-control credit for the stream and the connection.
 */
final class Http3Response extends AbstractStreamResponse<Http3Headers> {

    private final Http3Stream stream;
    private final QuicStreamChannel quic;
    /** The last frame written, or null: the end of the stream waits for QUIC to take it. */
    private ChannelFuture lastWrite;

    Http3Response(Http3Stream stream, boolean headRequest) {
        super(stream.channel(), stream.server(), headRequest);
        this.stream = stream;
        this.quic = stream.channel();
    }

    @Override
    protected void sendWhole(ByteBuf body) {
        int length = body.readableBytes();
        boolean bodyAllowed = !HttpStatus.forbidsBody(status);
        boolean writeBody = !bodySuppressed() && length > 0;
        if (writeBody && !stream.connection().mayQueue(stream, true, body)) {
            lastWritePromise(false).tryFailure(new IOException("response dropped: its connection holds more unsent "
                    + "response data than its buffer limit"));
            return;
        }
        lastWrite = quic.write(new DefaultHttp3HeadersFrame(head(bodyAllowed ? length : -1)), quic.newPromise());
        if (writeBody) {
            lastWrite = quic.write(new DefaultHttp3DataFrame(body), quic.newPromise());
            stream.connection().queued(stream, length, lastWrite);
        } else {
            body.release();
        }
        quic.flush();
        finish(lastWritePromise(false));
    }

    @Override
    protected void writeHead() {
        lastWrite = quic.writeAndFlush(new DefaultHttp3HeadersFrame(head(-1)), quic.newPromise());
    }

    @Override
    protected void writeChunk(ByteBuf chunk) {
        if (bodySuppressed() || !chunk.isReadable()) {
            chunk.release();
            return;
        }
        if (!stream.connection().mayQueue(stream, false, chunk)) {
            return;
        }
        int length = chunk.readableBytes();
        lastWrite = quic.writeAndFlush(new DefaultHttp3DataFrame(chunk), quic.newPromise());
        stream.connection().queued(stream, length, lastWrite);
    }

    @Override
    protected void writeEnd(ArrayHeaders trailers) {
        if (!trailers.isEmpty()) {
            lastWrite = quic.writeAndFlush(new DefaultHttp3HeadersFrame(trailerFields(trailers)), quic.newPromise());
        }
        finish(lastWritePromise(false));
    }

    /**
     * Ends the stream (FIN) once QUIC has taken the last frame: a FIN queued behind frames the stream's flow control
     * still holds back would fix the stream's final size too early.
     */
    private void finish(ChannelPromise promise) {
        ChannelFuture last = lastWrite;
        if (last == null || last.isSuccess()) {
            quic.shutdownOutput(promise);
        } else {
            last.addListener(f -> {
                if (f.isSuccess()) {
                    quic.shutdownOutput(promise);
                } else {
                    promise.tryFailure(f.cause());
                }
            });
        }
    }

    /** The stream is reset (and reading stopped), so the client cannot take the response for complete. */
    @Override
    protected void writeAbort(Throwable cause) {
        stream.reset(Http3ErrorCode.H3_INTERNAL_ERROR);
    }

    @Override
    protected Http3Headers newFields(int size) {
        return new DefaultHttp3Headers(false, size);
    }
}
