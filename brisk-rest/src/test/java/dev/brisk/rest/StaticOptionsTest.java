package dev.brisk.rest;

import dev.brisk.rest.web.StaticOptions;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StaticOptionsTest {

    @Test
    void defaults() {
        StaticOptions options = StaticOptions.DEFAULT;
        assertThat(options.cacheControl()).isEmpty();
        assertThat(options.immutableNames()).containsSame(StaticOptions.HASHED_NAMES);
        assertThat(options.indexFile()).hasValue("index.html");
        assertThat(options.precompressed()).isTrue();
        assertThat(options.followSymlinks()).isFalse();
        assertThat(options.strongEtags()).isTrue();
        assertThat(options.mediaTypes()).isEmpty();
        assertThat(options.maxCachedSize()).isEqualTo(1024 * 1024);
        assertThat(StaticOptions.builder().build()).isEqualTo(options);
        assertThat(StaticOptions.HASHED_NAMES.matcher("app.3f9a1c2b.js").matches()).isTrue();
        assertThat(StaticOptions.HASHED_NAMES.matcher("chunk-0a1b2c3d4e.css").matches()).isTrue();
        assertThat(StaticOptions.HASHED_NAMES.matcher("app.js").matches()).isFalse();
    }

    @Test
    void roundTripsThroughItsBuilder() {
        StaticOptions options = StaticOptions.builder().cacheControl("no-cache").immutableNames(null).indexFile(null)
                .precompressed(false).followSymlinks(true).strongEtags(false).mediaTypes(Map.of("foo", "x/foo"))
                .maxCachedSize(0).build();
        assertThat(options.cacheControl()).hasValue("no-cache");
        assertThat(options.immutableNames()).isEmpty();
        assertThat(options.indexFile()).isEmpty();
        assertThat(options.toBuilder().build()).isEqualTo(options);
    }

    @Test
    void namesTheInvalidComponent() {
        assertThatThrownBy(() -> StaticOptions.builder().indexFile("../index.html").build())
                .hasMessage("indexFile must be a plain file name: ../index.html");
        assertThatThrownBy(() -> StaticOptions.builder().maxCachedSize(-1).build())
                .hasMessage("maxCachedSize must not be negative: -1");
        assertThatThrownBy(() -> StaticOptions.builder().mediaTypes(null).build())
                .hasMessage("mediaTypes must not be null");
    }
}
