package dev.brisk.client.internal.http3;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads an {@code Alt-Svc} field value (RFC 7838) for what the client can use: an {@code h3} alternative on the same
 * host (an empty host, or the origin's own) with its port and {@code ma} (max-age, default 24 hours), or
 * {@code clear}. Alternatives on other hosts and other protocols are skipped. Not API.
 *
 * @param port          the UDP port of the HTTP/3 alternative; 0 for {@code clear}
 * @param maxAgeSeconds how long the alternative may be used
 */
public record AltSvc(int port, long maxAgeSeconds) {

    /** {@code Alt-Svc: clear}: forget the alternatives of the origin. */
    public static final AltSvc CLEAR = new AltSvc(0, 0);

    /** How long an alternative without {@code ma} is fresh (RFC 7838 section 3.1). */
    public static final long DEFAULT_MAX_AGE_SECONDS = 86_400;

    /** Whether this is {@link #CLEAR}. */
    public boolean clear() {
        return port == 0;
    }

    /**
     * The first usable HTTP/3 alternative of {@code value} for an origin on {@code host}, {@link #CLEAR}, or null when
     * the value names none (or cannot be read).
     */
    public static AltSvc parse(String value, String host) {
        String trimmed = value.trim();
        if (trimmed.equalsIgnoreCase("clear")) {
            return CLEAR;
        }
        for (String alternative : split(trimmed, ',')) {
            AltSvc found = alternative(alternative, host);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static AltSvc alternative(String text, String host) {
        String[] parts = split(text, ';');
        if (parts.length == 0) {
            return null;
        }
        String first = parts[0].trim();
        int eq = first.indexOf('=');
        if (eq <= 0 || !first.substring(0, eq).trim().equals("h3")) {
            return null;
        }
        String authority = unquote(first.substring(eq + 1).trim());
        int colon = authority.lastIndexOf(':');
        if (colon < 0) {
            return null;
        }
        String altHost = authority.substring(0, colon);
        if (altHost.startsWith("[") && altHost.endsWith("]")) {
            altHost = altHost.substring(1, altHost.length() - 1);
        }
        if (!altHost.isEmpty() && !altHost.toLowerCase(Locale.ROOT).equals(host)) {
            return null; // another host would need its own certificate check against the origin: not used
        }
        int port;
        try {
            port = Integer.parseInt(authority.substring(colon + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        if (port <= 0 || port > 65_535) {
            return null;
        }
        long maxAge = DEFAULT_MAX_AGE_SECONDS;
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            int peq = parameter.indexOf('=');
            if (peq > 0 && parameter.substring(0, peq).trim().equalsIgnoreCase("ma")) {
                try {
                    maxAge = Long.parseLong(unquote(parameter.substring(peq + 1).trim()));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return maxAge < 0 ? null : new AltSvc(port, maxAge);
    }

    /** Splits at {@code separator} outside double quotes. */
    private static String[] split(String text, char separator) {
        List<String> parts = new ArrayList<>(2);
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == separator && !quoted) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts.toArray(new String[0]);
    }

    private static String unquote(String text) {
        return text.length() >= 2 && text.charAt(0) == '"' && text.charAt(text.length() - 1) == '"'
                ? text.substring(1, text.length() - 1) : text;
    }
}
