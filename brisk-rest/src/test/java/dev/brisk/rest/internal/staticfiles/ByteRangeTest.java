package dev.brisk.rest.internal.staticfiles;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ByteRangeTest {

    @Test
    void singleRanges() {
        assertThat(ByteRange.parse("bytes=0-99", 1000)).isEqualTo(new ByteRange(0, 99));
        assertThat(ByteRange.parse("bytes=900-", 1000)).isEqualTo(new ByteRange(900, 999));
        assertThat(ByteRange.parse("bytes=-100", 1000)).isEqualTo(new ByteRange(900, 999));
        assertThat(ByteRange.parse("bytes=-5000", 1000)).isEqualTo(new ByteRange(0, 999));
        assertThat(ByteRange.parse("BYTES=10-5000", 1000).end()).isEqualTo(999);
        assertThat(ByteRange.parse("bytes=0-0", 1).length()).isEqualTo(1);
    }

    @Test
    void unsatisfiableAndIgnored() {
        assertThat(ByteRange.parse("bytes=1000-", 1000)).isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=-0", 1000)).isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=0-", 0)).isSameAs(ByteRange.UNSATISFIABLE);
        for (String field : new String[] {"bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=a-b", "bytes=-",
            "bytes=", "bytes=1", "bytes = 0-1", "bytes=99999999999999999999-"}) {
            assertThat(ByteRange.parse(field, 1000)).as(field).isSameAs(ByteRange.IGNORED);
        }
    }
}
