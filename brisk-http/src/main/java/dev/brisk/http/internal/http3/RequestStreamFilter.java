package dev.brisk.http.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;

/**
 * First in the pipeline of a request stream, ahead of Netty's HTTP/3 codec, with a {@link FrameScanner}: frames of
 * unknown types are dropped as they arrive (the codec would buffer them), and a HEADERS frame (a request's head or its
 * trailers) whose encoded field section is longer than the server's header size limit never reaches the codec, which
 * would buffer it whole and then close the connection. Instead the frame and everything after it is dropped, and
 * {@link #EXCEEDED} tells the stream's handler, which answers 431 and stops the client's sending: the connection and
 * its other streams go on. Once the handler has answered a request early and stopped reading it ({@link #abandon}),
 * what still arrives, and the end of the input, is dropped here too: the codec would otherwise judge the rest of a
 * request the server has already refused (a body shorter than its content-length) and reset the stream under the
 * response.
 */
final class RequestStreamFilter extends ChannelInboundHandlerAdapter implements FrameScanner.Output {

    /** The user event fired once the stream sent a field section over the limit. */
    static final Object EXCEEDED = new Object() {
        @Override
        public String toString() {
            return "RequestStreamFilter.EXCEEDED";
        }
    };

    private final FrameScanner scanner;
    private ChannelHandlerContext ctx;
    /** The piece being scanned, and whether it went on whole (then it is not released here). */
    private ByteBuf in;
    private boolean passedWhole;
    private boolean abandoned;

    RequestStreamFilter(long maxHeadersLength) {
        this.scanner = new FrameScanner(maxHeadersLength);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** The request was answered and its stream's input shut: nothing more of it goes on to the codec. */
    void abandon() {
        abandoned = true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf piece)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (scanner.exceeded() || abandoned) {
            piece.release();
            return;
        }
        in = piece;
        passedWhole = false;
        try {
            scanner.scan(piece, this);
        } finally {
            in = null;
            if (!passedWhole) {
                piece.release();
            }
        }
        if (scanner.exceeded()) {
            ctx.fireUserEventTriggered(EXCEEDED);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (abandoned && (event == ChannelInputShutdownEvent.INSTANCE
                || event == ChannelInputShutdownReadComplete.INSTANCE)) {
            return;
        }
        if (event == ChannelInputShutdownEvent.INSTANCE) {
            scanner.end(this);
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void range(int index, int length) {
        if (index == in.readerIndex() && length == in.readableBytes()) {
            passedWhole = true;
            ctx.fireChannelRead(in);
        } else {
            ctx.fireChannelRead(in.retainedSlice(index, length));
        }
    }

    @Override
    public void held(byte[] frameHead, int length) {
        ctx.fireChannelRead(ctx.alloc().buffer(length).writeBytes(frameHead, 0, length));
    }
}
