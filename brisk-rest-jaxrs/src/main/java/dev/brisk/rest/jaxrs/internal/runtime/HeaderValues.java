package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import java.net.URI;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/** Turns header values given as objects into the strings written on the wire, through the header delegates. */
public final class HeaderValues {

    private HeaderValues() {
    }

    /**
     * The wire form of a header value: strings as they are; {@link MediaType}, {@link CacheControl},
     * {@link NewCookie}, {@link Cookie}, {@link EntityTag}, {@link Date}, {@link Locale} and {@link Link} through
     * their header delegates; anything else (including {@link URI}) by {@code toString()}. Null gives null.
     */
    public static String headerValueToString(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        if (value instanceof MediaType m) {
            return MediaTypeDelegate.INSTANCE.toString(m);
        }
        if (value instanceof Date d) {
            return DateDelegate.INSTANCE.toString(d);
        }
        if (value instanceof NewCookie c) {
            return NewCookieDelegate.INSTANCE.toString(c);
        }
        if (value instanceof Cookie c) {
            return CookieDelegate.INSTANCE.toString(c);
        }
        if (value instanceof EntityTag t) {
            return EntityTagDelegate.INSTANCE.toString(t);
        }
        if (value instanceof CacheControl c) {
            return CacheControlDelegate.INSTANCE.toString(c);
        }
        if (value instanceof Locale l) {
            return LocaleDelegate.INSTANCE.toString(l);
        }
        if (value instanceof Link l) {
            return LinkDelegate.INSTANCE.toString(l);
        }
        if (value instanceof URI u) {
            return u.toASCIIString();
        }
        return value.toString();
    }

    /** The values of one header as strings joined with ',' (the {@code getHeaderString} form), or null for none. */
    public static String join(List<?> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() == 1) {
            return headerValueToString(values.get(0));
        }
        StringBuilder sb = new StringBuilder();
        for (Object value : values) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(headerValueToString(value));
        }
        return sb.toString();
    }
}
