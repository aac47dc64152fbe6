package dev.brisk.http.internal.http3;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes {@link FrameScanner}, which follows the frames of an HTTP/3 request stream ahead of Netty's codec, dropping
 * unknown frame types and stopping at a HEADERS frame over the limit: the bytes of one request stream, cut into pieces
 * the input chooses, each piece in a buffer whose readable bytes start past a byte of junk.
 *
 * <p>Input layout: the first byte steers the run, the rest is the stream as sent.
 * <ul>
 *   <li>low 4 bits: largest piece in bytes (pieces are 1..n bytes, drawn from a generator seeded with the byte); 0
 *       scans everything in one piece</li>
 *   <li>bits 4 and 5: the limit on a HEADERS frame's length, 0, 1, 16 or 8192 bytes</li>
 * </ul>
 *
 * <p>Checks, for every input: nothing is thrown; what is handed on (ranges of the pieces, frame heads held back, and
 * at the end of the stream a head cut short) is exactly what a reference scanning the whole stream at once keeps:
 * every frame of a known type (0x00 to 0x09, 0x0d) as it is, unknown ones left out, nothing from an oversized HEADERS
 * frame on; and the scanner reports the oversized frame exactly when the reference finds one.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/http/internal/http3/FrameScannerFuzzTestInputs/scan/}.
 */
class FrameScannerFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("FrameScannerFuzzTest.scan",
            "the HTTP/3 request stream scanner never throws, and hands on exactly the known frames up to an oversized"
                    + " HEADERS frame, however the stream is cut into pieces");

    private static final long[] LIMITS = {0, 1, 16, 8192};

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void scan(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int control = input[0] & 0xFF;
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        long limit = LIMITS[(control >> 4) & 3];
        Reference expected = Reference.scan(stream, limit);

        FrameScanner scanner = new FrameScanner(limit);
        Collected output = new Collected();
        int maxPiece = control & 0x0F;
        SplittableRandom random = new SplittableRandom(control);
        int offset = 0;
        while (offset < stream.length) {
            int length = maxPiece == 0 ? stream.length : 1 + random.nextInt(maxPiece);
            length = Math.min(length, stream.length - offset);
            byte[] bytes = new byte[length + 1];
            System.arraycopy(stream, offset, bytes, 1, length);
            ByteBuf piece = Unpooled.wrappedBuffer(bytes).readerIndex(1);
            output.piece = piece;
            scanner.scan(piece, output);
            assertThat(piece.readerIndex()).as("the scanner consumes nothing").isEqualTo(1);
            offset += length;
        }
        scanner.end(output);

        assertThat(scanner.exceeded()).as("oversized HEADERS frame found").isEqualTo(expected.exceeded);
        assertThat(output.bytes.toByteArray()).as("bytes handed on").isEqualTo(expected.kept);
        INPUTS.passed();
    }

    /** What the scanner hands on, in order. */
    private static final class Collected implements FrameScanner.Output {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ByteBuf piece;

        @Override
        public void range(int index, int length) {
            assertThat(index).as("range start").isGreaterThanOrEqualTo(piece.readerIndex());
            assertThat(index + length).as("range end").isLessThanOrEqualTo(piece.writerIndex());
            assertThat(length).as("range length").isPositive();
            byte[] range = new byte[length];
            piece.getBytes(index, range);
            bytes.writeBytes(range);
        }

        @Override
        public void held(byte[] frameHead, int length) {
            bytes.write(frameHead, 0, length);
        }
    }

    /** The whole stream scanned at once, as RFC 9114 section 7.1 lays frames out. */
    private record Reference(byte[] kept, boolean exceeded) {

        static Reference scan(byte[] stream, long limit) {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            int i = 0;
            while (i < stream.length) {
                int headStart = i;
                long[] type = varint(stream, i);
                long[] length = type == null ? null : varint(stream, (int) type[1]);
                if (length == null) {
                    // a frame head cut short by the end of the stream goes on as it is
                    kept.write(stream, headStart, stream.length - headStart);
                    break;
                }
                if (type[0] == 0x01 && length[0] > limit) {
                    return new Reference(kept.toByteArray(), true);
                }
                int payloadStart = (int) length[1];
                int end = (int) Math.min(stream.length, payloadStart + length[0]);
                if (type[0] <= 0x09 || type[0] == 0x0d) {
                    kept.write(stream, headStart, end - headStart);
                }
                i = end;
            }
            return new Reference(kept.toByteArray(), false);
        }

        /** The variable-length integer at {@code at} and the index after it, or null when the stream ends first. */
        private static long[] varint(byte[] stream, int at) {
            if (at >= stream.length) {
                return null;
            }
            int first = stream[at] & 0xFF;
            int size = 1 << (first >> 6);
            if (at + size > stream.length) {
                return null;
            }
            long value = first & 0x3F;
            for (int k = 1; k < size; k++) {
                value = value << 8 | (stream[at + k] & 0xFF);
            }
            return new long[] {value, at + size};
        }
    }
}
