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
 * <p>Known findings, reported and not fixed yet (docs/fuzzing.md, "Known findings"), are let through so that fuzzing
 * goes on looking for new ones: a {@code q} that {@link Double#parseDouble} reads as NaN or -0 (F1), parameter values
 * that {@link MediaType#toString()} would have to quote to keep them (F2), an Accept value made of empty elements
 * only (F3). Run with {@code -Dbrisk.fuzz.strict=true} to check those too; the test then fails on them.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/codec/MediaTypeFuzzTestInputs/parse/}.
 */
class MediaTypeFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("MediaTypeFuzzTest.parse",
            "media type and Accept parsing throw only IllegalArgumentException, and a parsed type re-parses from its"
                    + " own text to an equal value");

    /** Whether the known findings are checked too (they fail). */
    private static final boolean STRICT = FuzzInputs.strict();

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
            if (STRICT || !onlyEmptyElements(text)) {
                assertThat(list).as("Accept list of [" + text + "]").isNotEmpty();
            }
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
        if (STRICT || !knownQualityFinding(type.quality())) {
            assertThat(type.quality()).as("quality of " + type).isBetween(0.0, 1.0);
        }
        assertThat(type.includes(type)).as(type + " includes itself").isTrue();
        assertThat(type.withoutParameters().includes(type)).as(type + " without parameters includes it").isTrue();
        assertThat(type.specificity()).isBetween(0, 3);
        try {
            type.charsetOrUtf8();
        } catch (IllegalArgumentException e) {
            // an unknown or malformed charset name: IllegalCharsetNameException or UnsupportedCharsetException
        }

        if (!STRICT && type.parameters().values().stream().anyMatch(MediaTypeFuzzTest::knownQuotingFinding)) {
            return;
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

    /** F1: {@code q} is read with {@link Double#parseDouble}, so {@code q=NaN} and {@code q=-0} pass its range check. */
    private static boolean knownQualityFinding(double quality) {
        return Double.isNaN(quality) || quality == 0 && 1 / quality < 0;
    }

    /**
     * F2: {@link MediaType#toString()} writes parameter values without quotes, so a value holding {@code ;} or
     * {@code "} or a backslash, or starting or ending with whitespace, does not come back from its text.
     */
    private static boolean knownQuotingFinding(String value) {
        return value.indexOf(';') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\\') >= 0
                || !value.equals(value.trim());
    }

    /** F3: {@link MediaType#parseList} returns an empty list, not {@code *}/{@code *}, for {@code ","}. */
    private static boolean onlyEmptyElements(String text) {
        return text.replace(',', ' ').isBlank();
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
