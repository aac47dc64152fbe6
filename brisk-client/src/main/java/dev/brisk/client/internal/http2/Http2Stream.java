package dev.brisk.client.internal.http2;

import dev.brisk.client.HttpClientException;
import dev.brisk.client.ResponseTooLargeException;
import dev.brisk.client.StreamRefusedException;
import dev.brisk.client.internal.exchange.MultiplexedStream;
import dev.brisk.http.common.Protocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.HttpConversionUtil;
import io.netty.handler.stream.ChunkedWriteHandler;

/**
 * One request/response exchange on an HTTP/2 stream: the last handler of the stream's child channel, which converts
 * frames to and from HTTP/1-style objects. A read timeout closes the child channel, which resets only this stream
 * (RST_STREAM CANCEL); the connection and its other streams go on. A stream the server never processed (above a
 * GOAWAY's last-stream-id, or reset with REFUSED_STREAM) fails with {@link StreamRefusedException}, which is safe to
 * retry.
 */
final class Http2Stream extends MultiplexedStream {

    /** The name of the frame/object converter in the stream's pipeline; a chunked body's writer goes after it. */
    static final String CODEC = MultiplexedStream.CODEC;
    static final String CHUNKED_WRITER = "chunked-writer";

    private final Http2Connection connection;
    private String refusedReason;
    private boolean refusedByGoAway;

    Http2Stream(Http2Connection connection, boolean reusedConnection) {
        super(connection.settings(), Protocol.HTTP_2, HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text(),
                reusedConnection);
        this.connection = connection;
    }

    @Override
    protected void addChunkedWriter(ChannelPipeline pipeline) {
        pipeline.addAfter(CODEC, CHUNKED_WRITER, new ChunkedWriteHandler());
    }

    @Override
    protected Throwable writeFailure(Throwable cause) {
        if (cause instanceof Http2Exception h2 && h2.error() == Http2Error.REFUSED_STREAM) {
            return new StreamRefusedException(key(), cause.getMessage());
        }
        return closed(cause);
    }

    /**
     * Asks the stream channel for the next frames. The read also writes the WINDOW_UPDATE for what was consumed, but
     * flushes it only when no read is under way; flushing here makes sure the server hears of the space.
     */
    @Override
    protected void readMore() {
        channel.read();
        channel.flush();
    }

    @Override
    protected void streamEnded() {
        connection.streamEnded();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof Http2GoAwayFrame) {
            // sent only to streams above the last-stream-id; the frame's copy has lost that id, and the connection
            // learns it just after this event: the reason is written when the stream closes (checkGoAway)
            refusedByGoAway = true;
        } else if (evt instanceof Http2ResetFrame reset && reset.errorCode() == Http2Error.REFUSED_STREAM.code()
                && !responseStarted()) {
            refusedReason = "RST_STREAM REFUSED_STREAM";
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** Notes a refusal by GOAWAY (the codec closes such streams, sometimes before telling us). */
    private void checkGoAway() {
        if (refusedReason == null && (refusedByGoAway || channel instanceof Http2StreamChannel stream
                && connection.refusedByGoAway(stream.stream().id()))) {
            refusedReason = "GOAWAY with last-stream-id " + connection.goAwayLastStreamId();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        checkGoAway();
        if (awaitingResponse()) {
            fail(refusedReason != null ? new StreamRefusedException(key(), refusedReason)
                    : closed(connection.closeCause()));
        } else {
            end();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        checkGoAway();
        if (awaitingResponse()) {
            fail(refusedReason != null ? new StreamRefusedException(key(), refusedReason)
                    : cause instanceof Http2Exception.HeaderListSizeException
                    ? new ResponseTooLargeException(key(), "response head from " + key() + " is larger than the"
                            + " client accepts: " + cause.getMessage(), cause)
                    : new HttpClientException(key(), "error on HTTP/2 stream to " + key() + ": " + cause, cause));
        }
    }
}
