package dev.brisk.rest.jaxrs.internal;

import java.time.Instant;
import java.util.Date;

/** HTTP dates as the {@link Date}s of the JAX-RS API, read and written by {@link dev.brisk.http.common.HttpDates}. */
final class HttpDates {

    private HttpDates() {
    }

    /** The date, or null when {@code text} is not an HTTP date. */
    static Date parse(String text) {
        Instant instant = dev.brisk.http.common.HttpDates.parse(text);
        return instant == null ? null : Date.from(instant);
    }

    static String format(Date date) {
        return dev.brisk.http.common.HttpDates.format(date.toInstant());
    }
}
