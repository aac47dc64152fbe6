package dev.brisk.rpc.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Frames are cut from the stream however it is split; oversized ones are skipped and reported. */
class FrameDecoderTest {

    private static ByteBuf frame(byte type, int requestId, int bodySize) {
        ByteBuf frame = Unpooled.buffer();
        frame.writeInt(5 + bodySize);
        frame.writeByte(type);
        frame.writeInt(requestId);
        for (int i = 0; i < bodySize; i++) {
            frame.writeByte(i);
        }
        return frame;
    }

    @Test
    void framesSplitAcrossReadsAreReassembled() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1024));
        ByteBuf stream = Unpooled.buffer();
        stream.writeBytes(frame(Frames.REQUEST, 1, 10));
        stream.writeBytes(frame(Frames.REQUEST, 2, 0));
        while (stream.isReadable()) {
            channel.writeInbound(stream.readRetainedSlice(Math.min(3, stream.readableBytes())));
        }
        stream.release();
        ByteBuf first = channel.readInbound();
        assertThat(first.readByte()).isEqualTo(Frames.REQUEST);
        assertThat(first.readInt()).isEqualTo(1);
        assertThat(first.readableBytes()).isEqualTo(10);
        first.release();
        ByteBuf second = channel.readInbound();
        assertThat(second.getInt(1)).isEqualTo(2);
        second.release();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void anOversizedFrameIsSkippedAndReportedWithItsRequestId() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(100));
        ByteBuf big = frame(Frames.REQUEST, 42, 500);
        channel.writeInbound(big.readRetainedSlice(200));
        channel.writeInbound(big.readRetainedSlice(big.readableBytes()));
        big.release();
        channel.writeInbound(frame(Frames.REQUEST, 43, 3));
        FrameDecoder.OversizedFrame oversized = channel.readInbound();
        assertThat(oversized).isEqualTo(new FrameDecoder.OversizedFrame(Frames.REQUEST, 42, 505, 100));
        ByteBuf next = channel.readInbound();
        assertThat(next.getInt(1)).isEqualTo(43);
        next.release();
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void aLengthShorterThanAHeaderIsCorrupt() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(100));
        ByteBuf bad = Unpooled.buffer().writeInt(2).writeShort(0);
        assertThatThrownBy(() -> channel.writeInbound(bad)).isInstanceOf(DecoderException.class)
                .hasMessageContaining("frame length 2");
        channel.finishAndReleaseAll();
    }
}
