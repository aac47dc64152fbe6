package dev.brisk.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import org.junit.jupiter.api.AfterAll;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes {@link MediaType#parse(String)} (a Content-Type) and {@link MediaType#parseList(String)} (an Accept header)
 * on the input read as UTF-8. Both document {@link IllegalArgumentException} for text they do not accept; anything
 * else thrown is a finding.
 *
 * <p>A parsed type must be sane (lower-case token type and subtype, no {@code *}/subtype, quality in [0, 1]), must
 * include itself, and its text ({@link MediaType#toString()}, which leaves the quality out) must parse again to the
 * same type, subtype and parameters. A parsed list must be in {@link MediaType#SPECIFICITY_ORDER} and hold only
 * types that satisfy the same.
 *
 * <p>Findings of earlier runs, fixed since (docs/fuzzing.md): {@code q=NaN} and {@code q=-0} (F1), parameter values
 * that must be quoted to survive {@link MediaType#toString()} (F2), an Accept value of empty elements only (F3).
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/codec/MediaTypeFuzzTestInputs/parse/}.
 */
class MediaTypeFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("MediaTypeFuzzTest.parse",
            "media type and Accept parsing throw only IllegalArgumentException, and a parsed type re-parses from its"
                    + " own text to an equal value");

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void parse(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        MediaType type = null;
        try {
            type = MediaType.parse(text);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).isNotBlank();
        }
        if (type != null) {
            check(type);
        }

        List<MediaType> list = null;
        try {
            list = MediaType.parseList(text);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).isNotBlank();
        }
        if (list != null) {
            assertThat(list).as("Accept list of [" + text + "]").isNotEmpty();
            assertThat(list).isSortedAccordingTo(MediaType.SPECIFICITY_ORDER);
            for (MediaType entry : list) {
                check(entry);
            }
        }
        INPUTS.passed();
    }

    private static void check(MediaType type) {
        assertThat(isLowerToken(type.type())).as("type token: " + type.type()).isTrue();
        assertThat(isLowerToken(type.subtype())).as("subtype token: " + type.subtype()).isTrue();
        assertThat(type.isWildcardType() && !type.subtype().equals("*")).as("*/subtype: " + type).isFalse();
        assertThat(type.quality()).as("quality of " + type).isBetween(0.0, 1.0);
        assertThat(type.includes(type)).as(type + " includes itself").isTrue();
        assertThat(type.withoutParameters().includes(type)).as(type + " without parameters includes it").isTrue();
        assertThat(type.specificity()).isBetween(0, 3);
        try {
            type.charsetOrUtf8();
        } catch (IllegalArgumentException e) {
            // an unknown or malformed charset name: IllegalCharsetNameException or UnsupportedCharsetException
        }

        String text = type.toString();
        MediaType again;
        try {
            again = MediaType.parse(text);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("the text of a parsed media type does not parse: [" + text + "]: "
                    + e.getMessage(), e);
        }
        assertThat(again.type()).as("type re-parsed from [" + text + "]").isEqualTo(type.type());
        assertThat(again.subtype()).as("subtype re-parsed from [" + text + "]").isEqualTo(type.subtype());
        assertThat(again.parameters()).as("parameters re-parsed from [" + text + "]")
                .containsExactlyEntriesOf(type.parameters());
        assertThat(again.quality()).as("quality re-parsed from [" + text + "] (the text has no q)").isEqualTo(1.0);
        assertThat(again.toString()).isEqualTo(text);
        if (type.quality() == 1.0) {
            assertThat(again).as("re-parsed from [" + text + "]").isEqualTo(type);
        }
    }

    private static boolean isLowerToken(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }
}
