package dev.brisk.http.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * First in the pipeline of a request stream, ahead of Netty's HTTP/3 codec: a HEADERS frame (a request's head or its
 * trailers) whose encoded field section is longer than the server's header size limit never reaches the codec, which
 * would buffer it whole and then close the connection. What came before it is passed on, the frame and everything
 * after it is dropped as it arrives, and {@link #EXCEEDED} tells the stream's handler, which answers 431 and stops
 * the client's sending: the connection and its other streams go on.
 */
final class FieldSectionLimit extends ChannelInboundHandlerAdapter {

    /** The user event fired once the stream sent a field section over the limit. */
    static final Object EXCEEDED = new Object() {
        @Override
        public String toString() {
            return "FieldSectionLimit.EXCEEDED";
        }
    };

    private final FrameScanner scanner;

    FieldSectionLimit(long maxHeadersLength) {
        this.scanner = new FrameScanner(maxHeadersLength);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (scanner.exceeded()) {
            in.release();
            return;
        }
        int before = scanner.scan(in);
        if (!scanner.exceeded()) {
            ctx.fireChannelRead(in);
            return;
        }
        try {
            if (before > 0) {
                ctx.fireChannelRead(in.readRetainedSlice(before));
            }
        } finally {
            ReferenceCountUtil.release(in);
        }
        ctx.fireUserEventTriggered(EXCEEDED);
    }
}
