package dev.brisk.client.internal.exchange;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Puts Netty's {@link HttpContentDecompressor} into the pipeline for the responses that have a
 * {@code Content-Encoding}, and takes it out after their last content. Most responses are not compressed, and a
 * decompressor that stays in the pipeline costs every one of them a decoder pass and a list; this handler costs them
 * one header lookup.
 */
public final class OnDemandDecompressor extends ChannelInboundHandlerAdapter {

    public static final String NAME = "decompression";
    private static final String DECODER = "decompressor";

    private boolean decoding;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!decoding && msg instanceof HttpResponse head && head.headers().contains(HttpHeaderNames.CONTENT_ENCODING)
                && head.status().code() >= 200) {
            ctx.pipeline().addAfter(ctx.name(), DECODER, new HttpContentDecompressor(false, 0));
            decoding = true;
        }
        boolean last = msg instanceof LastHttpContent;
        ctx.fireChannelRead(msg);
        if (decoding && last) {
            decoding = false;
            if (ctx.pipeline().get(DECODER) != null) {
                ctx.pipeline().remove(DECODER);
            }
        }
    }
}
