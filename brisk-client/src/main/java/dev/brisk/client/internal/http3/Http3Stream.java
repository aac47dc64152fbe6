package dev.brisk.client.internal.http3;

import dev.brisk.client.HttpClientException;
import dev.brisk.client.StreamRefusedException;
import dev.brisk.client.internal.exchange.MultiplexedStream;
import dev.brisk.http.common.Protocol;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http3.HttpConversionUtil;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * One request/response exchange on an HTTP/3 request stream: the last handler of the QUIC stream channel, after
 * Netty's frame/object converter. A read timeout closes the stream channel, which resets only this stream; the
 * connection and its other streams go on. A stream at or above a GOAWAY's stream id was not processed by the server
 * and fails with {@link StreamRefusedException}, which is safe to retry. A streamed response turns auto-read off, so
 * unread data holds back the stream's QUIC flow-control window.
 */
final class Http3Stream extends MultiplexedStream {

    static final String CODEC = MultiplexedStream.CODEC;

    private final Http3Connection connection;

    Http3Stream(Http3Connection connection, boolean reusedConnection) {
        super(connection.settings(), Protocol.HTTP_3, HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text(),
                reusedConnection);
        this.connection = connection;
    }

    /** A chunked body goes through a {@link ChunkPump}, which paces it by the chunks the QUIC stream has taken. */
    @Override
    protected void addChunkedWriter(ChannelPipeline pipeline) {
        pipeline.addAfter(CODEC, ChunkPump.NAME, new ChunkPump());
    }

    @Override
    protected Throwable writeFailure(Throwable cause) {
        return refusedOr(closed(cause));
    }

    /**
     * Reading lets QUIC grant the server more of the stream's flow-control window. Netty's QUIC stream sends what the
     * read produced (a MAX_STREAM_DATA frame) itself: at once when it reads data already received, or after the read
     * loop of the packets that bring it. Flushing the QUIC channel would add nothing: it flushes only the DATAGRAM frames
     * written to that channel.
     */
    @Override
    protected void readMore() {
        channel.read();
    }

    @Override
    protected void streamEnded() {
        connection.streamEnded();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (awaitingResponse()) {
            fail(refusedOr(closed(null)));
        } else {
            end();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (awaitingResponse()) {
            fail(refusedOr(new HttpClientException(key(), "error on HTTP/3 stream to " + key() + ": " + cause,
                    cause)));
        }
    }

    /** {@code failure}, unless the server's GOAWAY says it never processed this stream. */
    private Throwable refusedOr(Throwable failure) {
        if (!responseStarted() && channel instanceof QuicStreamChannel quic
                && connection.refusedByGoAway(quic.streamId())) {
            return new StreamRefusedException(key(), "GOAWAY before stream " + quic.streamId());
        }
        return failure;
    }
}
