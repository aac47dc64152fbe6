package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Date;
import java.util.Locale;

/**
 * Reads and writes HTTP dates (RFC 9110 §5.6.7): writes IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}),
 * reads IMF-fixdate, RFC 850 ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and asctime ({@code Sun Nov  6 08:49:37 1994}).
 */
final class DateDelegate implements HeaderDelegate<Date> {

    static final DateDelegate INSTANCE = new DateDelegate();

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM uuuu HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter RFC_850 = new DateTimeFormatterBuilder()
            .appendPattern("EEEE, dd-MMM-")
            .appendValueReduced(ChronoField.YEAR, 2, 2, LocalDate.of(1970, 1, 1))
            .appendPattern(" HH:mm:ss 'GMT'")
            .toFormatter(Locale.US)
            .withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter ASCTIME =
            DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss uuuu", Locale.US).withZone(ZoneOffset.UTC);

    @Override
    public Date fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "date").trim();
        for (DateTimeFormatter format : new DateTimeFormatter[] {IMF_FIXDATE, RFC_850}) {
            try {
                return Date.from(ZonedDateTime.parse(text, format).toInstant());
            } catch (DateTimeParseException ignored) {
                // try the next format
            }
        }
        try {
            return Date.from(ZonedDateTime.parse(text.replaceAll("\\s+", " "), ASCTIME).toInstant());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "invalid HTTP date '" + text + "': expected IMF-fixdate, RFC 850 or asctime format", e);
        }
    }

    @Override
    public String toString(Date value) {
        if (value == null) {
            throw new IllegalArgumentException("date is null");
        }
        return IMF_FIXDATE.format(value.toInstant());
    }
}
