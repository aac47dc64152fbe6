package dev.brisk.rpc.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import org.junit.jupiter.api.AfterAll;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes {@link FrameDecoder} through an {@link EmbeddedChannel} on arbitrary bytes. The first byte steers the run:
 * its low 4 bits the largest piece per read (0: everything in one read), bit 0x40 a 64-byte frame limit instead of
 * 1024, bit 0x80 a decoder paused while the bytes arrive and resumed after them. The rest is the stream.
 *
 * <p>The decoder may throw only {@link CorruptedFrameException} (a length shorter than a frame header), and only where
 * a reference reader of the format in the test finds one; up to there it hands on exactly the reference's frames: a
 * frame within the limit as its bytes, one over it as an {@link FrameDecoder.OversizedFrame} with its type, request
 * id, size and the limit. Every buffer written in and every frame handed on is released by the end.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/rpc/internal/FrameDecoderFuzzTestInputs/decode/}, frames written
 * with {@link Frames} as the client and server write them.
 */
class FrameDecoderFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("FrameDecoderFuzzTest.decode",
            "the RPC frame decoder cuts exactly the frames of the format however the stream is split or paused, "
                    + "reports oversized ones without buffering them, throws only CorruptedFrameException, leaks "
                    + "nothing");

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void decode(byte[] input) throws Exception {
        int steer = input.length == 0 ? 0 : input[0] & 0xFF;
        int piece = steer & 0x0F;
        int limit = (steer & 0x40) != 0 ? 64 : 1024;
        boolean pause = (steer & 0x80) != 0;
        byte[] stream = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
        Reference expected = Reference.read(stream, limit);

        FrameDecoder decoder = new FrameDecoder(limit);
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        List<ByteBuf> written = new ArrayList<>();
        List<Object> got = new ArrayList<>();
        boolean corrupt = false;
        try {
            if (pause) {
                decoder.pause();
            }
            for (int offset = 0; offset < stream.length; ) {
                int n = piece == 0 ? stream.length - offset : Math.min(piece, stream.length - offset);
                ByteBuf bytes = Unpooled.copiedBuffer(stream, offset, n);
                written.add(bytes);
                offset += n;
                channel.writeInbound(bytes);
                drain(channel, got);
                if (pause) {
                    assertThat(got).as("frames handed on while paused").isEmpty();
                }
            }
            if (pause) {
                decoder.resume(channel.pipeline().context(decoder));
                channel.checkException();
                drain(channel, got);
            }
        } catch (CorruptedFrameException e) {
            corrupt = true;
            drain(channel, got);
        }
        try {
            assertThat(corrupt).as("corrupt frame length").isEqualTo(expected.corrupt);
            assertThat(got).as("frames").hasSameSizeAs(expected.frames);
            for (int i = 0; i < got.size(); i++) {
                Object frame = got.get(i);
                Object reference = expected.frames.get(i);
                if (reference instanceof byte[] bytes) {
                    assertThat(frame).isInstanceOf(ByteBuf.class);
                    ByteBuf buf = (ByteBuf) frame;
                    assertThat(buf.readableBytes()).isLessThanOrEqualTo(limit);
                    assertThat(ByteBufUtil.getBytes(buf)).isEqualTo(bytes);
                } else {
                    assertThat(frame).isEqualTo(reference);
                }
            }
        } finally {
            for (Object frame : got) {
                if (frame instanceof ByteBuf buf) {
                    buf.release();
                }
            }
            channel.finishAndReleaseAll();
        }
        for (ByteBuf bytes : written) {
            assertThat(bytes.refCnt()).as("a buffer written in is released").isZero();
        }
        INPUTS.passed();
    }

    private static void drain(EmbeddedChannel channel, List<Object> got) {
        for (Object frame; (frame = channel.readInbound()) != null; ) {
            got.add(frame);
        }
    }

    /** The frames of a stream as the format defines them (byte arrays, or oversized frames); a bad length ends it. */
    private record Reference(List<Object> frames, boolean corrupt) {

        static Reference read(byte[] s, int limit) {
            List<Object> frames = new ArrayList<>();
            long i = 0;
            while (s.length - i >= 4) {
                int at = (int) i;
                long length = (s[at] & 0xFFL) << 24 | (s[at + 1] & 0xFF) << 16 | (s[at + 2] & 0xFF) << 8
                        | s[at + 3] & 0xFF;
                if (length < 5) {
                    return new Reference(frames, true);
                }
                if (length > limit) {
                    if (s.length - i < 9) {
                        break;
                    }
                    int requestId = (s[at + 5] & 0xFF) << 24 | (s[at + 6] & 0xFF) << 16 | (s[at + 7] & 0xFF) << 8
                            | s[at + 8] & 0xFF;
                    frames.add(new FrameDecoder.OversizedFrame(s[at + 4] & Frames.TYPE_MASK, requestId, length,
                            limit));
                } else if (s.length - i < 4 + length) {
                    break;
                } else {
                    frames.add(Arrays.copyOfRange(s, at + 4, (int) (at + 4 + length)));
                }
                i += 4 + length;
            }
            return new Reference(frames, false);
        }
    }
}
