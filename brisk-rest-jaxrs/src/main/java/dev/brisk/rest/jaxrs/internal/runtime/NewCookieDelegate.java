package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpSyntax;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.util.List;
import java.util.Locale;

/**
 * Reads and writes {@code Set-Cookie} values (RFC 6265): {@code name=value; Path=/; Domain=x; Max-Age=60;
 * Expires=...; Secure; HttpOnly; SameSite=Lax}, plus the legacy {@code Comment} and {@code Version} attributes.
 */
final class NewCookieDelegate implements HeaderDelegate<NewCookie> {

    static final NewCookieDelegate INSTANCE = new NewCookieDelegate();

    @Override
    public NewCookie fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "set-cookie");
        // split on ';' only: the Expires date contains a comma
        List<String> parts = HeaderSyntax.split(text, ';');
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("invalid set-cookie '" + text + "': no name=value pair");
        }
        HeaderSyntax.Param pair = HeaderSyntax.Param.parse(parts.get(0));
        if (pair.value() == null || pair.name().isEmpty()) {
            throw new IllegalArgumentException("invalid set-cookie '" + text + "': '" + parts.get(0)
                    + "' is not name=value");
        }
        NewCookie.Builder cookie = new NewCookie.Builder(pair.name());
        cookie.value(pair.value());
        for (String part : parts.subList(1, parts.size())) {
            HeaderSyntax.Param attr = HeaderSyntax.Param.parse(part);
            String arg = attr.value();
            switch (attr.name().toLowerCase(Locale.ROOT)) {
                case "path" -> cookie.path(arg);
                case "domain" -> cookie.domain(arg);
                case "comment" -> cookie.comment(arg);
                case "version" -> cookie.version(number(text, "Version", arg));
                case "max-age" -> cookie.maxAge(number(text, "Max-Age", arg));
                case "expires" -> cookie.expiry(arg == null ? null : DateDelegate.INSTANCE.fromString(arg));
                case "secure" -> cookie.secure(true);
                case "httponly" -> cookie.httpOnly(true);
                case "samesite" -> cookie.sameSite(sameSite(text, arg));
                default -> {
                    // unknown attributes are ignored, as RFC 6265 §5.2 requires
                }
            }
        }
        return cookie.build();
    }

    private static int number(String text, String attr, String arg) {
        try {
            return Integer.parseInt(arg == null ? "" : arg.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "invalid set-cookie '" + text + "': " + attr + " is not a number: '" + arg + "'");
        }
    }

    private static NewCookie.SameSite sameSite(String text, String arg) {
        for (NewCookie.SameSite s : NewCookie.SameSite.values()) {
            if (s.name().equalsIgnoreCase(arg == null ? "" : arg.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "invalid set-cookie '" + text + "': SameSite must be Strict, Lax or None, got '" + arg + "'");
    }

    @Override
    public String toString(NewCookie value) {
        if (value == null) {
            throw new IllegalArgumentException("set-cookie is null");
        }
        StringBuilder sb = new StringBuilder(value.getName()).append('=')
                .append(CookieDelegate.cookieValue(value.getValue()));
        if (value.getVersion() != Cookie.DEFAULT_VERSION) {
            sb.append("; Version=").append(value.getVersion());
        }
        if (value.getComment() != null) {
            sb.append("; Comment=").append(HttpSyntax.quoteIfNeeded(value.getComment()));
        }
        if (value.getDomain() != null) {
            sb.append("; Domain=").append(value.getDomain());
        }
        if (value.getPath() != null) {
            sb.append("; Path=").append(value.getPath());
        }
        if (value.getMaxAge() != NewCookie.DEFAULT_MAX_AGE) {
            sb.append("; Max-Age=").append(value.getMaxAge());
        }
        if (value.getExpiry() != null) {
            sb.append("; Expires=").append(DateDelegate.INSTANCE.toString(value.getExpiry()));
        }
        if (value.isSecure()) {
            sb.append("; Secure");
        }
        if (value.isHttpOnly()) {
            sb.append("; HttpOnly");
        }
        if (value.getSameSite() != null) {
            String s = value.getSameSite().name();
            sb.append("; SameSite=").append(s.charAt(0)).append(s.substring(1).toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }
}
