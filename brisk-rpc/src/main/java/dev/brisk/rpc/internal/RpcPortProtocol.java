package dev.brisk.rpc.internal;

import dev.brisk.transport.PortProtocol;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;

import java.util.concurrent.TimeUnit;

/**
 * The RPC protocol on a port it shares: a client opens with its hello frame, whose length starts with a zero byte
 * (no hello is 16 MiB long) and whose fifth byte is the hello type, which no text protocol starts with.
 */
final class RpcPortProtocol implements PortProtocol {

    private static final int HELLO_TYPE_OFFSET = 4;

    private final ServerContext context;

    RpcPortProtocol(ServerContext context) {
        this.context = context;
    }

    @Override
    public Match matches(ByteBuf opening) {
        int start = opening.readerIndex();
        if (!opening.isReadable()) {
            return Match.NEED_MORE;
        }
        if (opening.getByte(start) != 0) {
            return Match.NO;
        }
        if (opening.readableBytes() <= HELLO_TYPE_OFFSET) {
            return Match.NEED_MORE;
        }
        return Frames.type(opening.getByte(start + HELLO_TYPE_OFFSET)) == Frames.HELLO ? Match.YES : Match.NO;
    }

    @Override
    public void open(Channel channel) {
        addHandlers(channel.pipeline(), context);
    }

    /** The RPC connection's handlers, after TLS. */
    static void addHandlers(ChannelPipeline pipeline, ServerContext context) {
        // on the channel, not the listening socket: it holds however the connection came (own port or shared one)
        pipeline.channel().config().setWriteBufferWaterMark(ServerConnection.WATER_MARK);
        if (!context.options().idleTimeout().isZero()) {
            pipeline.addLast("idle", new IdleStateHandler(context.options().idleTimeout().toMillis(), 0, 0,
                    TimeUnit.MILLISECONDS));
        }
        pipeline.addLast("frames", new FrameDecoder(context.options().maxFrameSize()));
        pipeline.addLast("calls", new ServerConnection(context));
    }
}
