package dev.brisk.rest.internal.observe;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** The access log's line buffer: UTF-8 as the JDK encodes it, numbers, and request targets packed in longs. */
class LineBufferTest {

    private static byte[] bytes(LineBuffer line) {
        return Arrays.copyOf(line.bytes(), line.length());
    }

    @Test
    void encodesTextAsTheJdkDoes() {
        String text = "ascii, J\u00fcrgen, 5 \u20ac, \ud83d\ude00, a lone \ud800 and \udc00, \u07ff\u0800\uffff";
        LineBuffer line = new LineBuffer().append("x".repeat(300)).append(text); // grows past its first size
        assertThat(bytes(line)).isEqualTo(("x".repeat(300) + text).getBytes(StandardCharsets.UTF_8));
        assertThat(line.toString()).isEqualTo("x".repeat(300) + text.replace('\ud800', '?').replace('\udc00', '?'));
    }

    @Test
    void writesNumbersInDecimal() {
        LineBuffer line = new LineBuffer();
        for (long n : new long[] {0, 7, 10, 200, 99_999, -42, Long.MAX_VALUE, Long.MIN_VALUE}) {
            line.append(n).append(' ');
        }
        assertThat(line.toString()).isEqualTo("0 7 10 200 99999 -42 " + Long.MAX_VALUE + " " + Long.MIN_VALUE + " ");
    }

    @Test
    void copiesPackedLatin1WordsWholeOrEncodesThem() {
        for (String target : new String[] {"", "/", "/json", "/12345678", "/1234567", "/caf\u00e9?q=\u00ff&x=1",
                "/" + "abcdefgh".repeat(10) + "xyz"}) {
            long[] words = new long[2 + (target.length() + 7) / 8];
            for (int i = 0; i < target.length(); i++) {
                words[1 + i / 8] |= (long) target.charAt(i) << ((i % 8) * 8);
            }
            LineBuffer line = new LineBuffer().append('[').appendLatin1(words, 1, target.length()).append(']');
            assertThat(line.toString()).as(target).isEqualTo("[" + target + "]");
            assertThat(bytes(line)).isEqualTo(("[" + target + "]").getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void escapesQuotesBackslashesAndControlCharactersInPackedTargetsWhateverFollowsThem() {
        String target = "/a\"b\\c\u0001d\u007fe\u0085f\u00e9/12345678\"";
        long[] words = new long[2 + (target.length() + 7) / 8];
        Arrays.fill(words, 0x2222222222222222L); // bytes past the target's end are not the line's
        for (int i = 0; i < target.length(); i++) {
            int shift = (i % 8) * 8;
            words[1 + i / 8] = words[1 + i / 8] & ~(0xffL << shift) | (long) target.charAt(i) << shift;
        }
        LineBuffer line = new LineBuffer().appendLatin1(words, 1, target.length());
        assertThat(line.toString()).isEqualTo("/a\\x22b\\x5Cc\\x01d\\x7Fe\\x85f\u00e9/12345678\\x22");
        assertThat(new LineBuffer().appendQuoted(target).toString()).isEqualTo(line.toString());
        assertThat(new LineBuffer().appendQuoted("plain \u20ac").toString()).isEqualTo("plain \u20ac");
    }
}
