package dev.brisk.client.internal;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.ReferenceCountUtil;

/** The client's HTTP/2 frame codec settings: no server push, 1 MiB stream windows, 32 KiB header lists. */
final class H2Codecs {

    static final int INITIAL_WINDOW_SIZE = 1024 * 1024;

    private H2Codecs() {
    }

    static Http2FrameCodec frameCodec() {
        return Http2FrameCodecBuilder.forClient()
                .initialSettings(Http2Settings.defaultSettings()
                        .pushEnabled(false)
                        .initialWindowSize(INITIAL_WINDOW_SIZE)
                        .maxHeaderListSize(32 * 1024))
                .validateHeaders(false)
                .build();
    }

    /** Reads and drops what arrives on the stream of an upgrade probe (its answer is not needed). */
    @ChannelHandler.Sharable
    static final class Discard extends ChannelInboundHandlerAdapter {
        static final Discard INSTANCE = new Discard();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }
    }
}
