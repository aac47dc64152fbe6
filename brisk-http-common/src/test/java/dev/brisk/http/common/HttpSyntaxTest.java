package dev.brisk.http.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HttpSyntaxTest {

    @Test
    void tokensAreTheTcharsOfRfc9110() {
        assertThat(HttpSyntax.isToken("GET")).isTrue();
        assertThat(HttpSyntax.isToken("x-custom_1.2~!#$%&'*+^`|")).isTrue();
        assertThat(HttpSyntax.isToken("")).isFalse();
        assertThat(HttpSyntax.isToken("a b")).isFalse();
        assertThat(HttpSyntax.isToken("a:b")).isFalse();
        assertThat(HttpSyntax.isToken("caf\u00e9")).as("obs-text is not a token").isFalse();
        assertThat(HttpSyntax.isToken("a\u0100")).isFalse();
    }

    @Test
    void fieldValuesAllowObsTextButNoControls() {
        assertThat(HttpSyntax.isFieldValueByte('\t')).isTrue();
        assertThat(HttpSyntax.isFieldValueByte(0xE9)).isTrue();
        assertThat(HttpSyntax.isFieldValueByte('\r')).isFalse();
        assertThat(HttpSyntax.isFieldValueByte(0x7F)).isFalse();
        assertThat(HttpSyntax.isFieldValueByte(0)).isFalse();
    }

    @Test
    void decimalsAreDigitsOnly() {
        assertThat(HttpSyntax.parseDecimal("0")).isZero();
        assertThat(HttpSyntax.parseDecimal("123456789012345678")).isEqualTo(123456789012345678L);
        assertThat(HttpSyntax.parseDecimal("1234567890123456789")).as("19 digits").isEqualTo(-1);
        assertThat(HttpSyntax.parseDecimal("+1")).isEqualTo(-1);
        assertThat(HttpSyntax.parseDecimal(" 1")).isEqualTo(-1);
        assertThat(HttpSyntax.parseDecimal("")).isEqualTo(-1);
        assertThat(HttpSyntax.parseDecimal("\u0661")).as("non-ASCII digit").isEqualTo(-1);
    }

    @Test
    void percentEncodingNeedsTwoHexDigits() {
        assertThat(HttpSyntax.validPercentEncoding("/a%20b%2F")).isTrue();
        assertThat(HttpSyntax.validPercentEncoding("/a%2")).isFalse();
        assertThat(HttpSyntax.validPercentEncoding("/a%zz")).isFalse();
    }

    @Test
    void authoritiesAreHostAndPortCharacters() {
        assertThat(HttpSyntax.isValidAuthority("example.com:8080")).isTrue();
        assertThat(HttpSyntax.isValidAuthority("[::1]:443")).isTrue();
        assertThat(HttpSyntax.isValidAuthority("exa mple.com")).isFalse();
        assertThat(HttpSyntax.isValidAuthority("a/b")).isFalse();
    }

    @Test
    void pathsDecodeUtf8AndKeepPlus() {
        assertThat(PathDecoder.decode("/a%20b+c/%C3%A9")).isEqualTo("/a b+c/\u00e9");
        assertThat(PathDecoder.decode("/plain")).isEqualTo("/plain");
    }

    @Test
    void reasonPhrasesFollowRfc9110() {
        assertThat(HttpStatus.reasonPhrase(413)).isEqualTo("Content Too Large");
        assertThat(HttpStatus.reasonPhrase(404)).isEqualTo("Not Found");
        assertThat(HttpStatus.forbidsBody(204)).isTrue();
        assertThat(HttpStatus.forbidsBody(200)).isFalse();
    }
}
