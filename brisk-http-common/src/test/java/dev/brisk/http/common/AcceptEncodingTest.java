package dev.brisk.http.common;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AcceptEncodingTest {

    private static final List<String> OFFERED = List.of("br", "zstd", "gzip", "deflate");

    @Test
    void highestQWinsAndTheServerBreaksTies() {
        assertThat(AcceptEncoding.negotiate("gzip, deflate, br", OFFERED)).hasValue("br");
        assertThat(AcceptEncoding.negotiate("gzip;q=0.9, br;q=0.5", OFFERED)).hasValue("gzip");
        assertThat(AcceptEncoding.negotiate("GZIP ; Q=1", OFFERED)).hasValue("gzip");
        assertThat(AcceptEncoding.negotiate("x-gzip", OFFERED)).hasValue("gzip");
    }

    @Test
    void zeroAndMalformedRefuse() {
        assertThat(AcceptEncoding.negotiate("gzip;q=0", OFFERED)).isEmpty();
        assertThat(AcceptEncoding.negotiate("gzip;q=x", OFFERED)).isEmpty();
        assertThat(AcceptEncoding.negotiate("gzip;q=2", OFFERED)).isEmpty();
        assertThat(AcceptEncoding.negotiate("identity", OFFERED)).isEmpty();
        assertThat(AcceptEncoding.negotiate("", OFFERED)).isEmpty();
        assertThat(AcceptEncoding.negotiate(null, OFFERED)).isEmpty();
    }

    @Test
    void wildcardCoversUnnamedCodings() {
        assertThat(AcceptEncoding.negotiate("*", OFFERED)).hasValue("br");
        assertThat(AcceptEncoding.negotiate("*;q=0.5, br;q=0, zstd;q=0", OFFERED)).hasValue("gzip");
        assertThat(AcceptEncoding.negotiate("*;q=0, gzip", OFFERED)).hasValue("gzip");
        assertThat(AcceptEncoding.accepts("gzip, br;q=0", "br")).isFalse();
        assertThat(AcceptEncoding.accepts("gzip, br;q=0", "gzip")).isTrue();
    }
}
