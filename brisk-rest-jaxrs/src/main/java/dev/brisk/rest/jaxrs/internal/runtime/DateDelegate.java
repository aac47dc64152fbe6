package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpDates;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;

import java.time.Instant;
import java.util.Date;

/**
 * Reads and writes HTTP dates (RFC 9110 section 5.6.7) through {@link HttpDates}: writes IMF-fixdate
 * ({@code Sun, 06 Nov 1994 08:49:37 GMT}), reads IMF-fixdate, RFC 850 ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and
 * asctime ({@code Sun Nov  6 08:49:37 1994}).
 */
final class DateDelegate implements HeaderDelegate<Date> {

    static final DateDelegate INSTANCE = new DateDelegate();

    @Override
    public Date fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "date");
        Instant instant = HttpDates.parse(text);
        if (instant == null) {
            throw new IllegalArgumentException(
                    "invalid HTTP date '" + text.strip() + "': expected IMF-fixdate, RFC 850 or asctime format");
        }
        return Date.from(instant);
    }

    @Override
    public String toString(Date value) {
        if (value == null) {
            throw new IllegalArgumentException("date is null");
        }
        return HttpDates.format(value.toInstant());
    }
}
