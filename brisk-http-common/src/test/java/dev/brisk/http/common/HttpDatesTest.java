package dev.brisk.http.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HttpDatesTest {

    private static final Instant EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

    @Test
    void formatsImfFixdate() {
        assertThat(HttpDates.format(EXAMPLE)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(HttpDates.format(Instant.parse("2026-01-01T00:00:00.999Z"))).isEqualTo(
                "Thu, 01 Jan 2026 00:00:00 GMT");
        assertThat(HttpDates.format(Instant.EPOCH)).isEqualTo("Thu, 01 Jan 1970 00:00:00 GMT");
    }

    @Test
    void refusesYearsThatDoNotFitFourDigits() {
        assertThatThrownBy(() -> HttpDates.format(Instant.parse("+10000-01-01T00:00:00Z")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("four-digit year");
    }

    @Test
    void readsTheThreeFormsOfRfc9110() {
        assertThat(HttpDates.parse("Sun, 06 Nov 1994 08:49:37 GMT")).isEqualTo(EXAMPLE);
        assertThat(HttpDates.parse("Sunday, 06-Nov-94 08:49:37 GMT")).isEqualTo(EXAMPLE);
        assertThat(HttpDates.parse("Sun Nov  6 08:49:37 1994")).isEqualTo(EXAMPLE);
        assertThat(HttpDates.parse("Sun Nov 16 08:49:37 1994")).isEqualTo(Instant.parse("1994-11-16T08:49:37Z"));
        assertThat(HttpDates.parse("  Sun, 06 Nov 1994 08:49:37 GMT ")).as("surrounding whitespace").isEqualTo(EXAMPLE);
    }

    @Test
    void roundTripsEverySecondOfADay() {
        for (long second = 0; second < 86_400; second += 7) {
            Instant instant = Instant.ofEpochSecond(1_700_000_000L + second);
            assertThat(HttpDates.parse(HttpDates.format(instant))).isEqualTo(instant);
        }
    }

    @Test
    void twoDigitYearsMoreThanFiftyYearsAheadAreInThePast() {
        Clock in2026 = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);
        assertThat(HttpDates.parse("Sunday, 06-Nov-94 08:49:37 GMT", in2026)).isEqualTo(EXAMPLE);
        assertThat(HttpDates.parse("Friday, 06-Nov-76 08:49:37 GMT", in2026))
                .as("50 years ahead is still ahead").isEqualTo(Instant.parse("2076-11-06T08:49:37Z"));
        assertThat(HttpDates.parse("Saturday, 06-Nov-77 08:49:37 GMT", in2026))
                .as("51 years ahead is in the past").isEqualTo(Instant.parse("1977-11-06T08:49:37Z"));
        assertThat(HttpDates.parse("Thursday, 01-Jan-26 00:00:00 GMT", in2026))
                .isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        Clock in2090 = Clock.fixed(Instant.parse("2090-06-01T00:00:00Z"), ZoneOffset.UTC);
        assertThat(HttpDates.parse("Monday, 01-Jan-30 00:00:00 GMT", in2090))
                .as("within 50 years ahead of 2090").isEqualTo(Instant.parse("2130-01-01T00:00:00Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 08-49-37 GMT", "Sun, 06 Nov 19x4 08:49:37 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37",
        "Sun Nov  6 08:49:37 94", "Sun Nov 6 08:49:37 1994", "Sunday Nov  6 08:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 GMT\u0000"})
    void refusesWhatIsNotAnHttpDate(String text) {
        assertThat(HttpDates.parse(text)).isNull();
    }

    @Test
    void nullIsNotADate() {
        assertThat(HttpDates.parse(null)).isNull();
    }
}
