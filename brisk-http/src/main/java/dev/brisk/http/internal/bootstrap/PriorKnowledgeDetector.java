package dev.brisk.http.internal.bootstrap;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.http1.Http1Connection;
import dev.brisk.http.internal.http2.Http2ServerConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2CodecUtil;

import java.util.concurrent.ScheduledFuture;

/**
 * Looks at the first bytes of a cleartext connection: the HTTP/2 connection preface selects h2c (prior knowledge),
 * anything else HTTP/1.1. Decides on the first byte that differs, so HTTP/1.1 requests are not delayed. A connection
 * that does not let it decide within the handshake or request head timeout (silent, or a preface that stops
 * part-way) is closed.
 */
final class PriorKnowledgeDetector extends ChannelInboundHandlerAdapter {

    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();

    private final ServerContext server;
    private ByteBuf buffered;
    private ScheduledFuture<?> deadline;

    PriorKnowledgeDetector(ServerContext server) {
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        deadline = server.deadlines().detectionDeadline(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (buffered != null) {
            ByteBuf merged = ctx.alloc().buffer(buffered.readableBytes() + in.readableBytes());
            merged.writeBytes(buffered).writeBytes(in);
            buffered.release();
            in.release();
            buffered = null;
            in = merged;
        }
        int length = Math.min(in.readableBytes(), PREFACE.readableBytes());
        boolean prefix = ByteBufUtil.equals(in, in.readerIndex(), PREFACE, 0, length);
        if (prefix && length < PREFACE.readableBytes()) {
            buffered = in;
            return;
        }
        if (prefix) {
            server.tracker().protocolSelected(ctx.channel(), Protocol.HTTP_2);
            ctx.pipeline().replace(this, null, Http2ServerConnection.create(server, false));
        } else {
            server.tracker().protocolSelected(ctx.channel(), Protocol.HTTP_1_1);
            ctx.pipeline().replace(this, null, new Http1Connection(server, false));
        }
        // the replaced context leads to its replacement: the bytes go on from here, not through handlers before it
        ctx.fireChannelRead(in);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (buffered != null) {
            ctx.read();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        deadline.cancel(false);
        if (buffered != null) {
            buffered.release();
            buffered = null;
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == DrainEvent.INSTANCE) {
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
