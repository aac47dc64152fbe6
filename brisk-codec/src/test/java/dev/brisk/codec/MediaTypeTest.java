package dev.brisk.codec;

import dev.brisk.http.common.HttpSyntax;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    @Test
    void aParameterWithoutValueIsNamedInTheError() {
        assertThatThrownBy(() -> MediaType.parse("text/plain; charset")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameter \"charset\" has no value");
        assertThatThrownBy(() -> MediaType.parse("text/plain; =x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a token");
    }

    @Test
    void tokensAreTheRfc9110CharactersInEitherCase() {
        assertThat(HttpSyntax.isToken("application")).isTrue();
        assertThat(HttpSyntax.isToken("Vnd.Example+JSON")).isTrue();
        assertThat(HttpSyntax.isToken("!#$%&'*+-.^_`|~09azAZ")).isTrue();
        assertThat(HttpSyntax.isToken("*")).isTrue();
        assertThat(HttpSyntax.isToken("")).isFalse();
        for (String notToken : List.of("a b", "a/b", "a;b", "a=b", "a,b", "\"a\"", "a\\b", "(a)", "[a]", "{a}",
                "a?", "a@b", "a:b", "<a>", "a\tb", "caf\u00e9", "\u212Aelvin", "a\u007f")) {
            assertThat(HttpSyntax.isToken(notToken)).as(notToken).isFalse();
        }
    }

    @Test
    void quotingWritesTokensAsTheyAreAndEverythingElseAsQuotedStrings() {
        assertThat(HttpSyntax.quote("abc")).isEqualTo("\"abc\"");
        assertThat(HttpSyntax.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(HttpSyntax.quoteIfNeeded("UTF-8")).isEqualTo("UTF-8");
        assertThat(HttpSyntax.quoteIfNeeded("a b")).isEqualTo("\"a b\"");
        assertThat(HttpSyntax.quoteIfNeeded("")).isEqualTo("\"\"");
        for (String value : List.of("plain", "a;b \"c\"", "", " x ", "back\\slash", "trailing\\")) {
            assertThat(HttpSyntax.unquote(HttpSyntax.quoteIfNeeded(value))).as(value).isEqualTo(value);
        }
        assertThat(HttpSyntax.unquote("  token ")).isEqualTo("token");
        assertThat(HttpSyntax.unquote("\"unterminated")).isEqualTo("\"unterminated");
    }

    @Test
    void parsedAsWrittenParametersKeepTheirCaseAndQ() {
        MediaType written = MediaType.parseAsWritten("Text/Plain; Charset=UTF-8; q=0.5; Level=\"A B\"");
        assertThat(written.type()).isEqualTo("text");
        assertThat(written.subtype()).isEqualTo("plain");
        assertThat(written.parameters()).containsExactly(Map.entry("charset", "UTF-8"), Map.entry("q", "0.5"),
                Map.entry("level", "A B"));
        assertThat(written.quality()).isEqualTo(1.0);
        assertThat(written.toString()).isEqualTo("text/plain; charset=UTF-8; q=0.5; level=\"A B\"");
        assertThat(MediaType.parseAsWritten(written.toString())).isEqualTo(written);
        assertThat(MediaType.parseAsWritten("text/plain; q=high").parameters()).containsEntry("q", "high");
        assertThat(MediaType.parse("text/plain; charset=UTF-8").parameters()).containsEntry("charset", "utf-8");
        assertThatThrownBy(() -> MediaType.parseAsWritten("text")).hasMessageContaining("type/subtype");
        assertThatThrownBy(() -> MediaType.parseAsWritten("*/plain")).hasMessageContaining("*/subtype");
        assertThatThrownBy(() -> MediaType.parseAsWritten("text/plain; charset")).hasMessageContaining("no value");
    }

    @Test
    void builtFromPartsWithParametersAsWritten() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("Charset", "UTF-8");
        parameters.put("boundary", "a;b \"c\"");
        MediaType type = MediaType.of("Multipart", "Form-Data", parameters);
        assertThat(type.type()).isEqualTo("multipart");
        assertThat(type.subtype()).isEqualTo("form-data");
        assertThat(type.parameters()).containsExactly(Map.entry("charset", "UTF-8"),
                Map.entry("boundary", "a;b \"c\""));
        assertThat(type).isEqualTo(MediaType.parseAsWritten(type.toString()));
        assertThat(MediaType.of("text", "plain", Map.of())).isSameAs(MediaType.TEXT_PLAIN);
        assertThat(MediaType.of("text", "plain", Map.of("q", "0.5")).quality()).isEqualTo(1.0);

        assertThatThrownBy(() -> MediaType.of("te xt", "plain", Map.of("a", "b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tokens");
        assertThatThrownBy(() -> MediaType.of("*", "json", Map.of("a", "b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("*/subtype");
        assertThatThrownBy(() -> MediaType.of("text", "plain", Map.of("a b", "c")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a token");
        Map<String, String> nullValue = new LinkedHashMap<>();
        nullValue.put("a", null);
        assertThatThrownBy(() -> MediaType.of("text", "plain", nullValue))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no value");
    }

    @Test
    void typeAndSubtypeMustBeTokensWhenGivenApart() {
        assertThat(MediaType.of("Text", "Plain")).isEqualTo(MediaType.TEXT_PLAIN);
        assertThatThrownBy(() -> MediaType.of("text", "plain; charset=utf-8"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tokens");
        assertThatThrownBy(() -> MediaType.of("*", "plain")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("*/subtype");
    }

    @Test
    void compactTextHasNoSpaceAfterSemicolons() {
        assertThat(MediaType.TEXT_PLAIN_UTF8.toCompactString()).isEqualTo("text/plain;charset=utf-8");
        assertThat(MediaType.TEXT_PLAIN.toCompactString()).isEqualTo("text/plain");
        MediaType quoted = MediaType.parse("multipart/form-data; boundary=\"a; b\"; x=1; q=0.3");
        assertThat(quoted.toCompactString()).isEqualTo("multipart/form-data;boundary=\"a; b\";x=1");
        assertThat(MediaType.parse(quoted.toCompactString())).isEqualTo(MediaType.parse(quoted.toString()));
    }
}
