package dev.brisk.http.common;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * HTTP dates (RFC 9110 section 5.6.7): written as IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}); read as
 * IMF-fixdate, the obsolete RFC 850 form ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and asctime
 * ({@code Sun Nov  6 08:49:37 1994}). A two-digit RFC 850 year more than 50 years in the future is taken as the most
 * recent past year with the same last two digits, as RFC 9110 requires.
 */
public final class HttpDates {

    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] LONG_DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
        "Sunday"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
        "Dec"};

    private HttpDates() {
    }

    /** {@code instant} as an IMF-fixdate, to the second (fractions are dropped). */
    public static String format(Instant instant) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
        int year = time.getYear();
        if (year < 0 || year > 9999) {
            throw new IllegalArgumentException("an HTTP date has a four-digit year: " + instant);
        }
        StringBuilder text = new StringBuilder(29);
        text.append(DAYS[time.getDayOfWeek().ordinal()]).append(", ");
        twoDigits(text, time.getDayOfMonth()).append(' ').append(MONTHS[time.getMonthValue() - 1]).append(' ');
        twoDigits(text, year / 100);
        twoDigits(text, year % 100).append(' ');
        twoDigits(text, time.getHour()).append(':');
        twoDigits(text, time.getMinute()).append(':');
        return twoDigits(text, time.getSecond()).append(" GMT").toString();
    }

    /** The instant {@code text} names in any of the three forms, or null when it is not an HTTP date. */
    public static Instant parse(CharSequence text) {
        return parse(text, Clock.systemUTC());
    }

    /** As {@link #parse(CharSequence)}, with two-digit years resolved against {@code clock}'s current year. */
    public static Instant parse(CharSequence text, Clock clock) {
        if (text == null) {
            return null;
        }
        String value = text.toString().strip();
        try {
            if (value.length() == 29 && value.charAt(3) == ',') {
                return imfFixdate(value);
            }
            int comma = value.indexOf(',');
            if (comma > 3) {
                return rfc850(value, comma, clock);
            }
            return asctime(value);
        } catch (DateTimeException | NumberFormatException e) {
            return null;
        }
    }

    /** {@code Sun, 06 Nov 1994 08:49:37 GMT}. */
    private static Instant imfFixdate(String s) {
        if (indexOf(DAYS, s, 0, 3) < 0 || s.charAt(4) != ' ' || s.charAt(7) != ' ' || s.charAt(11) != ' '
                || s.charAt(16) != ' ' || !s.endsWith(" GMT")) {
            return null;
        }
        return instant(digits(s, 12, 4), month(s, 8), digits(s, 5, 2), s, 17);
    }

    /** {@code Sunday, 06-Nov-94 08:49:37 GMT}. */
    private static Instant rfc850(String s, int comma, Clock clock) {
        if (indexOf(LONG_DAYS, s, 0, comma) < 0 || s.length() != comma + 24 || s.charAt(comma + 1) != ' '
                || s.charAt(comma + 4) != '-' || s.charAt(comma + 8) != '-' || s.charAt(comma + 11) != ' '
                || !s.endsWith(" GMT")) {
            return null;
        }
        int twoDigitYear = digits(s, comma + 9, 2);
        int thisYear = LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC).getYear();
        int year = thisYear / 100 * 100 + twoDigitYear;
        if (year > thisYear + 50) {
            year -= 100;
        } else if (year <= thisYear - 50) {
            year += 100;
        }
        return instant(year, month(s, comma + 5), digits(s, comma + 2, 2), s, comma + 12);
    }

    /** {@code Sun Nov  6 08:49:37 1994} (the day padded with a space or, leniently, a zero). */
    private static Instant asctime(String s) {
        if (s.length() != 24 || indexOf(DAYS, s, 0, 3) < 0 || s.charAt(3) != ' ' || s.charAt(7) != ' '
                || s.charAt(10) != ' ' || s.charAt(19) != ' ') {
            return null;
        }
        int day = s.charAt(8) == ' ' ? digits(s, 9, 1) : digits(s, 8, 2);
        return instant(digits(s, 20, 4), month(s, 4), day, s, 11);
    }

    /** The instant of a date and the {@code HH:mm:ss} at {@code time} in {@code s}. */
    private static Instant instant(int year, int month, int day, String s, int time) {
        if (month < 0 || s.charAt(time + 2) != ':' || s.charAt(time + 5) != ':') {
            return null;
        }
        LocalDateTime local = LocalDateTime.of(year, month + 1, day, digits(s, time, 2), digits(s, time + 3, 2),
                digits(s, time + 6, 2));
        return local.toInstant(ZoneOffset.UTC);
    }

    private static int month(String s, int at) {
        return indexOf(MONTHS, s, at, at + 3);
    }

    private static int indexOf(String[] names, String s, int from, int to) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].length() == to - from && s.startsWith(names[i], from)) {
                return i;
            }
        }
        return -1;
    }

    private static int digits(String s, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a digit: " + c);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static StringBuilder twoDigits(StringBuilder text, int value) {
        return text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }
}
