package dev.brisk.rest.servlet.internal;

import jakarta.servlet.http.Cookie;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The {@code Set-Cookie} value of a servlet {@link Cookie} (RFC 6265). */
final class SetCookie {

    private static final DateTimeFormatter EXPIRES = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private SetCookie() {
    }

    static String of(Cookie cookie) {
        StringBuilder header = new StringBuilder(cookie.getName()).append('=');
        if (cookie.getValue() != null) {
            header.append(cookie.getValue());
        }
        int maxAge = cookie.getMaxAge();
        if (maxAge >= 0) {
            header.append("; Max-Age=").append(maxAge).append("; Expires=")
                    .append(EXPIRES.format(maxAge == 0 ? Instant.EPOCH
                            : Instant.now().plusSeconds(maxAge)));
        }
        cookie.getAttributes().forEach((name, value) -> {
            if (name.equalsIgnoreCase("Max-Age") || name.equalsIgnoreCase("Expires")) {
                return;
            }
            header.append("; ").append(name);
            if (value != null && !value.isEmpty()) {
                header.append('=').append(value);
            }
        });
        return header.toString();
    }
}
