package dev.brisk.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MediaTypeTest {

    @Test
    void parsesTypeSubtypeParametersAndQuality() {
        MediaType type = MediaType.parse("Text/HTML; Charset=\"UTF-8\"; level=1; q=0.5");
        assertThat(type.type()).isEqualTo("text");
        assertThat(type.subtype()).isEqualTo("html");
        assertThat(type.parameters()).containsEntry("charset", "utf-8").containsEntry("level", "1");
        assertThat(type.quality()).isEqualTo(0.5);
        assertThat(type.charset()).hasValue(StandardCharsets.UTF_8);
        assertThat(type.toString()).isEqualTo("text/html; charset=utf-8; level=1");
    }

    @Test
    void commonTypesAreCached() {
        assertThat(MediaType.parse("application/json")).isSameAs(MediaType.APPLICATION_JSON);
        assertThat(MediaType.parse("text/x-custom")).isSameAs(MediaType.parse("text/x-custom"));
    }

    @Test
    void rejectsMalformedTypesWithAReason() {
        assertThatThrownBy(() -> MediaType.parse("json")).hasMessageContaining("type/subtype");
        assertThatThrownBy(() -> MediaType.parse("*/json")).hasMessageContaining("*/subtype");
        assertThatThrownBy(() -> MediaType.parse("text/plain; q=2")).hasMessageContaining("q outside");
        assertThatThrownBy(() -> MediaType.parse("te xt/plain")).hasMessageContaining("tokens");
    }

    @Test
    void acceptListIsOrderedByQualityThenSpecificity() {
        List<MediaType> accept = MediaType.parseList("*/*;q=0.1, text/*, text/plain;format=flowed, text/plain, "
                + "application/json;q=0.9");
        assertThat(accept).extracting(MediaType::toString).containsExactly("text/plain; format=flowed",
                "text/plain", "text/*", "application/json", "*/*");
        assertThat(MediaType.parseList("")).containsExactly(MediaType.ALL);
    }

    @Test
    void wildcardsAndSuffixesInclude() {
        assertThat(MediaType.ALL.includes(MediaType.TEXT_PLAIN)).isTrue();
        assertThat(MediaType.parse("text/*").includes(MediaType.TEXT_HTML)).isTrue();
        assertThat(MediaType.parse("text/*").includes(MediaType.APPLICATION_JSON)).isFalse();
        assertThat(MediaType.parse("application/*+json").includes(MediaType.APPLICATION_PROBLEM_JSON)).isTrue();
        assertThat(MediaType.TEXT_PLAIN.isCompatibleWith(MediaType.parse("text/*"))).isTrue();
    }

    @Test
    void negotiationPicksTheClientsPreferenceAmongProducibleTypes() {
        List<MediaType> producible = List.of(MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN);
        assertThat(ContentNegotiation.negotiate(MediaType.parseList("text/plain, application/json;q=0.5"),
                producible)).hasValue(MediaType.TEXT_PLAIN);
        assertThat(ContentNegotiation.negotiate(MediaType.parseList("*/*"), producible))
                .hasValue(MediaType.APPLICATION_JSON);
        assertThat(ContentNegotiation.negotiate(MediaType.parseList("application/json;q=0, */*"), producible))
                .hasValue(MediaType.TEXT_PLAIN);
        assertThat(ContentNegotiation.negotiate(MediaType.parseList("image/png"), producible)).isEmpty();
        assertThat(ContentNegotiation.forFormat("json")).hasValue(MediaType.APPLICATION_JSON);
    }

    @Test
    void qualityMustBeANumberWithinZeroAndOne() {
        assertThatThrownBy(() -> MediaType.parse("a/b;q=NaN")).isInstanceOf(IllegalArgumentException.class);
        assertThat(MediaType.parse("a/b;q=-0").quality()).isEqualTo(0.0);
        assertThat(MediaType.parseList("application/json, application/xml;q=0.5").get(0))
                .isEqualTo(MediaType.APPLICATION_JSON);
    }

    @Test
    void valuesThatAreNotTokensAreQuotedAndComeBack() {
        MediaType type = MediaType.parse("multipart/form-data; boundary=\"a;b \\\"c\"");
        assertThat(type.parameters()).containsEntry("boundary", "a;b \"c");
        assertThat(type.toString()).isEqualTo("multipart/form-data; boundary=\"a;b \\\"c\"");
        assertThat(MediaType.parse(type.toString())).isEqualTo(type);
        assertThat(MediaType.parse("multipart/form-data; boundary=AbC-123").toString())
                .isEqualTo("multipart/form-data; boundary=AbC-123");
        assertThatThrownBy(() -> MediaType.parse("a/b; p\"=1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MediaType.parse("\u212Aext/plain")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptOfEmptyElementsMeansAnything() {
        assertThat(MediaType.parseList(",")).containsExactly(MediaType.ALL);
    }
}
