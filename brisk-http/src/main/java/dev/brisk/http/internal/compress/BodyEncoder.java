package dev.brisk.http.internal.compress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;

/**
 * One body's encoder: a Netty compression encoder run in an embedded channel (as Netty's own HTTP compressor does).
 * Each {@link #encode} returns what the encoder flushed for that piece, so a streamed body is not held back.
 * Not thread-safe; one caller at a time.
 */
final class BodyEncoder {

    private final EmbeddedChannel channel;
    private final ByteBufAllocator allocator;
    private boolean finished;

    BodyEncoder(ChannelHandler encoder, ByteBufAllocator allocator) {
        this.allocator = allocator;
        channel = new EmbeddedChannel();
        channel.config().setAllocator(allocator);
        channel.pipeline().addLast(encoder);
    }

    /** Encodes {@code piece} (released here); the result may be empty, never null. */
    ByteBuf encode(ByteBuf piece) {
        if (!piece.isReadable()) {
            piece.release();
            return Unpooled.EMPTY_BUFFER;
        }
        channel.writeOutbound(piece);
        return drain();
    }

    /** Ends the coding and returns its last bytes. */
    ByteBuf finish() {
        finished = true;
        channel.finish();
        return drain();
    }

    /** A whole body: {@code body} (released here) encoded and finished. */
    ByteBuf encodeWhole(ByteBuf body) {
        ByteBuf first = encode(body);
        ByteBuf last = finish();
        if (!first.isReadable()) {
            return last;
        }
        if (!last.isReadable()) {
            last.release();
            return first;
        }
        return allocator.compositeBuffer(2).addComponents(true, first, last);
    }

    /** Gives up: releases whatever the encoder still holds. */
    void discard() {
        if (!finished) {
            finished = true;
            channel.finishAndReleaseAll();
        }
    }

    private ByteBuf drain() {
        ByteBuf first = channel.readOutbound();
        if (first == null) {
            return Unpooled.EMPTY_BUFFER;
        }
        ByteBuf next = channel.readOutbound();
        if (next == null) {
            return first;
        }
        CompositeByteBuf all = allocator.compositeBuffer(8).addComponents(true, first, next);
        while ((next = channel.readOutbound()) != null) {
            all.addComponent(true, next);
        }
        return all;
    }
}
