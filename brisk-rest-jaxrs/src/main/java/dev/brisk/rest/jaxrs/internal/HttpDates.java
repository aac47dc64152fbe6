package dev.brisk.rest.jaxrs.internal;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.Locale;

/** HTTP dates (RFC 9110 IMF-fixdate, also the obsolete RFC 850 and asctime forms when reading). */
final class HttpDates {

    private static final DateTimeFormatter[] FORMATS = {
            DateTimeFormatter.RFC_1123_DATE_TIME,
            DateTimeFormatter.ofPattern("EEEE, dd-MMM-yy HH:mm:ss zzz", Locale.US),
            DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.US).withZone(ZoneOffset.UTC)};

    private HttpDates() {
    }

    /** The date, or null when {@code text} is not an HTTP date. */
    static Date parse(String text) {
        for (DateTimeFormatter format : FORMATS) {
            try {
                return Date.from(ZonedDateTime.parse(text.trim(), format).toInstant());
            } catch (DateTimeParseException e) {
                // try the next form
            }
        }
        return null;
    }

    static String format(Date date) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(date.toInstant().atZone(ZoneOffset.UTC));
    }
}
