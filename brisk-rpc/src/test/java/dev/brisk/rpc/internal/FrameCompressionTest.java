package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.Random;

import java.nio.charset.StandardCharsets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Deflating a frame's body: flag, head kept, smaller or untouched, inflation limits and garbage. */
class FrameCompressionTest {

    private static ByteBuf frame(byte[] body) {
        ByteBuf frame = Frames.start(ByteBufAllocator.DEFAULT, Frames.RESPONSE, 42, 64);
        frame.writeBytes(body);
        return frame;
    }

    @Test
    void aCompressibleBodyIsDeflatedBehindTheSameHeadAndInflatesBack() {
        byte[] body = "abc".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        ByteBuf frame = frame(body);
        ByteBuf deflated = Frames.deflateBody(frame, Frames.HEADER_SIZE, 100, ByteBufAllocator.DEFAULT);
        try {
            assertThat(deflated).isNotSameAs(frame);
            assertThat(frame.refCnt()).isZero();
            assertThat(deflated.readableBytes()).isLessThan(Frames.HEADER_SIZE + body.length / 10);
            deflated.skipBytes(4);
            byte typeAndFlags = deflated.readByte();
            assertThat(Frames.type(typeAndFlags)).isEqualTo(Frames.RESPONSE);
            assertThat(typeAndFlags & Frames.FLAG_COMPRESSED).isNotZero();
            assertThat(deflated.readInt()).isEqualTo(42);
            ByteBuf inflated = Frames.inflateBody(deflated, 1 << 20, "response");
            byte[] back = new byte[inflated.readableBytes()];
            inflated.readBytes(back);
            assertThat(back).isEqualTo(body);
        } finally {
            deflated.release();
        }
    }

    @Test
    void smallAndIncompressibleBodiesStayAsTheyAre() {
        ByteBuf small = frame(new byte[50]);
        assertThat(Frames.deflateBody(small, Frames.HEADER_SIZE, 100, ByteBufAllocator.DEFAULT)).isSameAs(small);
        assertThat(Frames.deflateBody(small, Frames.HEADER_SIZE, 0, ByteBufAllocator.DEFAULT)).isSameAs(small);
        small.release();
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        ByteBuf random = frame(noise);
        assertThat(Frames.deflateBody(random, Frames.HEADER_SIZE, 100, ByteBufAllocator.DEFAULT)).isSameAs(random);
        random.release();
    }

    @Test
    void inflationStopsAtTheLimitAndRefusesGarbage() {
        ByteBuf bomb = Frames.deflateBody(frame(new byte[1 << 20]), Frames.HEADER_SIZE, 1, ByteBufAllocator.DEFAULT);
        try {
            bomb.skipBytes(Frames.HEADER_SIZE);
            assertThat(bomb.readableBytes()).isLessThan(16 * 1024); // a mebibyte of zeros deflates to a few kilobytes
            assertThatThrownBy(() -> Frames.inflateBody(bomb, 64 * 1024, "request"))
                    .isInstanceOf(FrameTooLargeException.class).hasMessageContaining("limit of 65536");
        } finally {
            bomb.release();
        }
        ByteBuf garbage = Unpooled.wrappedBuffer(new byte[] {(byte) 0xff, 0x12, 0x34, 0x56});
        assertThatThrownBy(() -> Frames.inflateBody(garbage, 1024, "request"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("request");
    }
}
