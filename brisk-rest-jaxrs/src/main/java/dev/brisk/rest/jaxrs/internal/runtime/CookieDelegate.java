package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpSyntax;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes a request cookie: plain {@code name=value} (RFC 6265) and the legacy
 * {@code $Version=1; name=value; $Path=/; $Domain=x} form (RFC 2109). Only the first cookie of a header is read.
 */
final class CookieDelegate implements HeaderDelegate<Cookie> {

    static final CookieDelegate INSTANCE = new CookieDelegate();

    @Override
    public Cookie fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "cookie");
        int version = Cookie.DEFAULT_VERSION;
        Cookie.Builder cookie = null;
        for (String part : parts(text)) {
            HeaderSyntax.Param p = HeaderSyntax.Param.parse(part);
            String name = p.name();
            if (name.startsWith("$")) {
                String attr = name.substring(1);
                if (attr.equalsIgnoreCase("Version")) {
                    version = parseVersion(text, p.value());
                } else if (cookie != null && attr.equalsIgnoreCase("Path")) {
                    cookie.path(p.value());
                } else if (cookie != null && attr.equalsIgnoreCase("Domain")) {
                    cookie.domain(p.value());
                }
            } else if (cookie == null) {
                if (p.value() == null || name.isEmpty()) {
                    throw new IllegalArgumentException("invalid cookie '" + text + "': '" + part + "' is not name=value");
                }
                cookie = new Cookie.Builder(name).value(p.value());
            } else {
                break;
            }
        }
        if (cookie == null) {
            throw new IllegalArgumentException("invalid cookie '" + text + "': no name=value pair");
        }
        return cookie.version(version).build();
    }

    /** The pairs of a cookie header, which RFC 2109 lets separate with ';' or ','. */
    private static List<String> parts(String text) {
        List<String> parts = new ArrayList<>();
        for (String segment : HeaderSyntax.split(text, ';')) {
            parts.addAll(HeaderSyntax.split(segment, ','));
        }
        return parts;
    }

    private static int parseVersion(String text, String value) {
        try {
            return Integer.parseInt(value == null ? "" : value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid cookie '" + text + "': $Version is not a number");
        }
    }

    @Override
    public String toString(Cookie value) {
        if (value == null) {
            throw new IllegalArgumentException("cookie is null");
        }
        String pair = value.getName() + "=" + cookieValue(value.getValue());
        if (value.getPath() == null && value.getDomain() == null) {
            return pair;
        }
        StringBuilder sb = new StringBuilder("$Version=").append(value.getVersion()).append("; ").append(pair);
        if (value.getPath() != null) {
            sb.append("; $Path=").append(cookieValue(value.getPath()));
        }
        if (value.getDomain() != null) {
            sb.append("; $Domain=").append(cookieValue(value.getDomain()));
        }
        return sb.toString();
    }

    /** A cookie value (or attribute) as written: empty for null, quoted when it holds characters outside RFC 6265 cookie-octet. */
    static String cookieValue(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '"' || c == ',' || c == ';' || c == '\\') {
                return HttpSyntax.quote(value);
            }
        }
        return value;
    }
}
