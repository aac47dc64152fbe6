package dev.brisk.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Serves several protocols on one port: the last handler of a new connection's pipeline, it holds the first bytes
 * until one of its {@link PortProtocol}s recognises them (the first to answer {@link PortProtocol.Match#YES} in list
 * order), lets that protocol set up the pipeline, passes the bytes on and removes itself. A connection that no
 * protocol recognises, that sends more than {@code maxOpeningBytes} without a decision, or that stays undecided for
 * {@code timeout}, is closed. One instance per connection.
 */
public final class ProtocolDetector extends ChannelInboundHandlerAdapter {

    private final List<PortProtocol> protocols;
    private final int maxOpeningBytes;
    private final Duration timeout;
    private ByteBuf opening;
    private ScheduledFuture<?> deadline;

    /**
     * @param protocols       the port's protocols, asked in this order
     * @param maxOpeningBytes the most bytes held while undecided
     * @param timeout         how long a connection may stay undecided; zero for no limit
     */
    public ProtocolDetector(List<PortProtocol> protocols, int maxOpeningBytes, Duration timeout) {
        this.protocols = List.copyOf(Objects.requireNonNull(protocols, "protocols must not be null"));
        if (this.protocols.isEmpty()) {
            throw new IllegalArgumentException("protocols must not be empty");
        }
        if (maxOpeningBytes < 1) {
            throw new IllegalArgumentException("maxOpeningBytes must be positive: " + maxOpeningBytes);
        }
        this.maxOpeningBytes = maxOpeningBytes;
        this.timeout = Objects.requireNonNull(timeout, "timeout must not be null");
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!timeout.isZero()) {
            deadline = ctx.executor().schedule(() -> {
                ctx.close();
            }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (opening == null) {
            opening = in;
        } else {
            ByteBuf merged = ctx.alloc().buffer(opening.readableBytes() + in.readableBytes());
            merged.writeBytes(opening).writeBytes(in);
            opening.release();
            in.release();
            opening = merged;
        }
        boolean undecided = false;
        for (PortProtocol protocol : protocols) {
            PortProtocol.Match match = protocol.matches(opening);
            if (match == PortProtocol.Match.YES) {
                choose(ctx, protocol);
                return;
            }
            undecided |= match == PortProtocol.Match.NEED_MORE;
        }
        if (!undecided || opening.readableBytes() >= maxOpeningBytes) {
            release();
            ctx.close();
        }
    }

    private void choose(ChannelHandlerContext ctx, PortProtocol protocol) {
        ByteBuf bytes = opening;
        opening = null;
        cancelDeadline();
        try {
            protocol.open(ctx.channel());
        } catch (RuntimeException e) {
            bytes.release();
            ctx.close();
            return;
        }
        // remove first: the removed context still leads to the handlers after it, which now get the bytes
        ctx.pipeline().remove(this);
        ctx.fireChannelRead(bytes);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (opening != null && !ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelDeadline();
        release();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private void cancelDeadline() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    private void release() {
        if (opening != null) {
            opening.release();
            opening = null;
        }
    }
}
