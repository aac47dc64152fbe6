package dev.brisk.http;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CompressionOptionsTest {

    @Test
    void defaults() {
        CompressionOptions options = CompressionOptions.DEFAULT;
        assertThat(options.minResponseSize()).isEqualTo(1024);
        assertThat(options.encodings()).containsExactly("br", "zstd", "gzip", "deflate");
        assertThat(options.mimeTypes()).contains("text/*", "application/json", "*+json", "image/svg+xml");
        assertThat(options.gzipLevel()).isEqualTo(6);
        assertThat(options.brotliQuality()).isEqualTo(4);
        assertThat(options.zstdLevel()).isEqualTo(3);
        assertThat(options.decompressRequests()).isTrue();
        assertThat(CompressionOptions.builder().build()).isEqualTo(options);
    }

    @Test
    void roundTripsThroughItsBuilder() {
        CompressionOptions options = CompressionOptions.builder().minResponseSize(10).mimeTypes("text/html")
                .encodings(" GZIP ").gzipLevel(1).brotliQuality(11).zstdLevel(22).decompressRequests(false).build();
        assertThat(options.encodings()).containsExactly("gzip");
        assertThat(options.toBuilder().build()).isEqualTo(options);
    }

    @Test
    void namesTheInvalidComponent() {
        assertThatThrownBy(() -> CompressionOptions.builder().minResponseSize(-1).build())
                .hasMessage("minResponseSize must not be negative: -1");
        assertThatThrownBy(() -> CompressionOptions.builder().encodings("compress").build())
                .hasMessage("encodings must be among [br, zstd, gzip, deflate]: compress");
        assertThatThrownBy(() -> CompressionOptions.builder().mimeTypes("json").build())
                .hasMessage("mimeTypes must hold type/subtype, type/* or *+suffix: json");
        assertThatThrownBy(() -> CompressionOptions.builder().gzipLevel(0).build())
                .hasMessage("gzipLevel must be within [1, 9]: 0");
        assertThatThrownBy(() -> CompressionOptions.builder().brotliQuality(12).build())
                .hasMessage("brotliQuality must be within [0, 11]: 12");
        assertThatThrownBy(() -> CompressionOptions.builder().zstdLevel(0).build())
                .hasMessage("zstdLevel must be within [1, 22]: 0");
        assertThatThrownBy(() -> CompressionOptions.builder().mimeTypes((List<String>) null).build())
                .hasMessage("mimeTypes must not be null");
    }
}
