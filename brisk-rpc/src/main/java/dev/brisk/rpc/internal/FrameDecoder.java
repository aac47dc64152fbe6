package dev.brisk.rpc.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;

import java.util.List;

/**
 * Splits the byte stream into frames (retained slices starting at the type byte). A frame longer than the limit is
 * skipped as it arrives, never buffered, and reported as an {@link OversizedFrame} naming its type and request id so
 * that the side can answer or fail that one call.
 *
 * <p>While {@link #pause() paused} it hands on no frame: the bytes already read wait in its buffer, and it asks the
 * channel for no more (the owner turns auto-read off), until {@link #resume} decodes them.
 */
public final class FrameDecoder extends ByteToMessageDecoder {

    private final int maxFrameSize;
    private long discarding;
    private boolean paused;

    public FrameDecoder(int maxFrameSize) {
        this.maxFrameSize = maxFrameSize;
    }

    /** A frame that was too large and skipped. */
    public record OversizedFrame(int type, int requestId, long size, int limit) {
    }

    /** Hands on no more frames until {@link #resume}; call on the channel's event loop. */
    public void pause() {
        paused = true;
    }

    /** Whether {@link #pause()} holds the frames back. */
    public boolean paused() {
        return paused;
    }

    /**
     * Hands on the frames read while paused, as a read would; call on the channel's event loop, from outside the
     * pipeline's own read (a task of its own).
     */
    public void resume(ChannelHandlerContext ctx) throws Exception {
        paused = false;
        if (internalBuffer().isReadable()) {
            channelRead(ctx, Unpooled.EMPTY_BUFFER);
            channelReadComplete(ctx);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (paused) {
            // the decoder would ask for more bytes when this read gave no frame: not while paused
            discardSomeReadBytes();
            ctx.fireChannelReadComplete();
            return;
        }
        super.channelReadComplete(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (paused) {
            return;
        }
        if (discarding > 0) {
            int skip = (int) Math.min(discarding, in.readableBytes());
            in.skipBytes(skip);
            discarding -= skip;
            return;
        }
        if (in.readableBytes() < 4) {
            return;
        }
        int start = in.readerIndex();
        long length = in.getUnsignedInt(start);
        if (length < Frames.HEADER_SIZE - 4) {
            in.skipBytes(in.readableBytes());
            throw new CorruptedFrameException("frame length " + length + " is shorter than a frame header");
        }
        if (length > maxFrameSize) {
            if (in.readableBytes() < Frames.HEADER_SIZE) {
                return;
            }
            int type = Frames.type(in.getByte(start + 4));
            int requestId = in.getInt(start + 5);
            in.skipBytes(4);
            discarding = length;
            int skip = (int) Math.min(discarding, in.readableBytes());
            in.skipBytes(skip);
            discarding -= skip;
            out.add(new OversizedFrame(type, requestId, length, maxFrameSize));
            return;
        }
        if (in.readableBytes() < 4 + length) {
            return;
        }
        in.skipBytes(4);
        out.add(in.readRetainedSlice((int) length));
    }
}
