package dev.brisk.rpc.internal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Version ranges as consumers write them, and how provider versions compare. */
class VersionRangeTest {

    @ParameterizedTest
    @CsvSource({
            "2.0, 2.0.0, 0",
            "2.10, 2.9, 1",
            "2.9.1, 2.10, -1",
            "10.0, 9.99.99, 1",
            "1.0-rc1, 1.0, -1",
            "1.0-rc1, 1.0-rc2, -1",
            "1.01, 1.1, 0",
            "1.0.0.1, 1, 1",
            "99999999999999999999.0, 99999999999999999998.9, 1",
    })
    void versionsCompareByNumericParts(String a, String b, int order) {
        assertThat(Integer.signum(VersionRange.compare(a, b))).isEqualTo(order);
        assertThat(Integer.signum(VersionRange.compare(b, a))).isEqualTo(-order);
    }

    @Test
    void emptyAndStarAcceptEveryProviderEvenWithoutAVersion() {
        for (String any : new String[] {"", " ", "*"}) {
            VersionRange range = VersionRange.parse(any);
            assertThat(range.any()).isTrue();
            assertThat(range.includes("")).isTrue();
            assertThat(range.includes("0.1")).isTrue();
            assertThat(range.toString()).isEqualTo("*");
        }
    }

    @Test
    void aVersionAloneIsThatVersionByValue() {
        VersionRange exact = VersionRange.parse("2.1.0");
        assertThat(exact.includes("2.1.0")).isTrue();
        assertThat(exact.includes("2.1")).isTrue();
        assertThat(exact.includes("2.1.1")).isFalse();
        assertThat(exact.includes("2.0.9")).isFalse();
        assertThat(exact.includes("")).isFalse();
        assertThat(VersionRange.parse("[2.1]").includes("2.1.0")).isTrue();
        assertThat(VersionRange.parse("[2.1]").includes("2.2")).isFalse();
    }

    @Test
    void rangesIncludeBracketsAndExcludeParentheses() {
        VersionRange range = VersionRange.parse("[2.0,3.0)");
        assertThat(range.includes("2.0")).isTrue();
        assertThat(range.includes("2.0.0")).isTrue();
        assertThat(range.includes("2.10.3")).isTrue();
        assertThat(range.includes("3.0")).isFalse();
        assertThat(range.includes("3.0-rc1")).isTrue();
        assertThat(range.includes("1.9.9")).isFalse();
        assertThat(range.includes("")).isFalse();
        assertThat(range.toString()).isEqualTo("[2.0,3.0)");

        VersionRange open = VersionRange.parse("(1.0, 2.0]");
        assertThat(open.includes("1.0")).isFalse();
        assertThat(open.includes("1.0.1")).isTrue();
        assertThat(open.includes("2.0")).isTrue();
    }

    @Test
    void eitherBoundMayBeOpen() {
        VersionRange atLeast = VersionRange.parse("[2.0,)");
        assertThat(atLeast.includes("2.0")).isTrue();
        assertThat(atLeast.includes("400.1")).isTrue();
        assertThat(atLeast.includes("1.99")).isFalse();
        VersionRange below = VersionRange.parse("(,3.0)");
        assertThat(below.includes("0.1")).isTrue();
        assertThat(below.includes("3.0")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"[2.0,3.0", "2.0,3.0)", "[2.0,3.0,4.0)", "[3.0,2.0)", "[2.0,2.0)", "(2.0]", "[,3.0)",
            "[2.0,]", "2..0", "v2", "2.0 beta", "[2.0,x)", ".2"})
    void badSyntaxFailsNamingTheRange(String text) {
        assertThatThrownBy(() -> VersionRange.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid version range '" + text + "': ")
                .hasMessageContaining("[2.0,3.0)");
    }

    @Test
    void aSelectionAlsoMatchesTheGroup() {
        ProviderSelection plain = ProviderSelection.of("", "");
        assertThat(plain.accepts("1.0", "")).isTrue();
        assertThat(plain.accepts("1.0", "canary")).isFalse();
        ProviderSelection canary = ProviderSelection.of("[2.0,)", "canary");
        assertThat(canary.accepts("2.1", "canary")).isTrue();
        assertThat(canary.accepts("2.1", "")).isFalse();
        assertThat(canary.accepts("1.9", "canary")).isFalse();
        ProviderSelection everyGroup = ProviderSelection.of("", "*");
        assertThat(everyGroup.accepts("", "")).isTrue();
        assertThat(everyGroup.accepts("", "canary")).isTrue();
        assertThat(canary.toString()).isEqualTo("version [2.0,) and group 'canary'");
    }
}
