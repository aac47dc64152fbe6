package dev.brisk.rest.internal.observe;

import dev.brisk.rest.AccessLogOptions;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns {@link AccessLogEntry}s into lines: the NCSA common and combined formats, JSON, or a custom pattern compiled
 * once into parts. Runs on the writer thread only.
 */
final class AccessLogFormatter {

    private static final String COMMON = "%a - - [%t] \"%m %U %H\" %s %b";
    private static final String COMBINED = COMMON + " \"%{Referer}i\" \"%{User-Agent}i\"";
    private static final DateTimeFormatter CLF_TIME = DateTimeFormatter
            .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneId.systemDefault());

    private final boolean json;
    private final List<Part> parts = new ArrayList<>();
    /** Request headers the format needs, captured per request in this order. */
    private final List<String> headerNames = new ArrayList<>();

    AccessLogFormatter(AccessLogOptions options) {
        json = options.format() == AccessLogOptions.Format.JSON;
        if (json) {
            headerNames.add("referer");
            headerNames.add("user-agent");
        } else {
            compile(switch (options.format()) {
                case COMMON -> COMMON;
                case COMBINED -> COMBINED;
                default -> options.pattern();
            });
        }
    }

    /** The request headers to capture with each entry. */
    String[] headerNames() {
        return headerNames.toArray(String[]::new);
    }

    String format(AccessLogEntry entry) {
        StringBuilder out = new StringBuilder(160);
        if (json) {
            json(entry, out);
        } else {
            for (Part part : parts) {
                part.append(entry, out);
            }
        }
        return out.toString();
    }

    private void json(AccessLogEntry e, StringBuilder out) {
        out.append("{\"time\":\"").append(Instant.ofEpochMilli(e.epochMillis())).append("\",\"remote\":");
        Json.quote(out, host(e.remote()));
        out.append(",\"method\":");
        Json.quote(out, e.method());
        out.append(",\"uri\":");
        Json.quote(out, e.uri());
        out.append(",\"protocol\":\"").append(e.protocol().text()).append("\",\"status\":").append(e.status())
                .append(",\"bytes\":").append(e.bytes()).append(",\"durationMicros\":")
                .append(e.durationNanos() / 1000);
        if (e.traceId() != null) {
            out.append(",\"traceId\":\"").append(e.traceId()).append('"');
        }
        if (e.headers()[0] != null) {
            Json.quote(out.append(",\"referer\":"), e.headers()[0]);
        }
        if (e.headers()[1] != null) {
            Json.quote(out.append(",\"userAgent\":"), e.headers()[1]);
        }
        out.append('}');
    }

    private void compile(String pattern) {
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%' || i + 1 == pattern.length()) {
                literal.append(c);
                continue;
            }
            char d = pattern.charAt(++i);
            if (d == '%') {
                literal.append('%');
                continue;
            }
            Part part;
            if (d == '{') {
                int close = pattern.indexOf('}', i);
                if (close < 0 || close + 1 == pattern.length() || pattern.charAt(close + 1) != 'i') {
                    throw new IllegalArgumentException("pattern: %{Name} must be followed by 'i' (a request header): "
                            + pattern);
                }
                int index = headerNames.size();
                headerNames.add(pattern.substring(i + 1, close).toLowerCase(Locale.ROOT));
                part = (e, out) -> out.append(orDash(e.headers()[index]).replace("\"", "\\\""));
                i = close + 1;
            } else {
                part = switch (d) {
                    case 'a' -> (e, out) -> out.append(host(e.remote()));
                    case 't' -> (e, out) -> CLF_TIME.formatTo(Instant.ofEpochMilli(e.epochMillis()), out);
                    case 'm' -> (e, out) -> out.append(e.method());
                    case 'U' -> (e, out) -> out.append(e.uri());
                    case 'H' -> (e, out) -> out.append(e.protocol().text());
                    case 's' -> (e, out) -> out.append(e.status());
                    case 'b' -> (e, out) -> {
                        if (e.bytes() <= 0) {
                            out.append('-');
                        } else {
                            out.append(e.bytes());
                        }
                    };
                    case 'D' -> (e, out) -> out.append(e.durationNanos() / 1000);
                    case 'T' -> (e, out) -> out.append(e.durationNanos() / 1_000_000);
                    case 'x' -> (e, out) -> out.append(orDash(e.traceId()));
                    default -> throw new IllegalArgumentException("pattern: unknown directive %" + d + ": "
                            + pattern);
                };
            }
            flush(literal);
            parts.add(part);
        }
        flush(literal);
    }

    private void flush(StringBuilder literal) {
        if (!literal.isEmpty()) {
            String text = literal.toString();
            parts.add((e, out) -> out.append(text));
            literal.setLength(0);
        }
    }

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }

    private static String host(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return address == null ? "-" : address.toString();
    }

    /** One piece of a line. */
    @FunctionalInterface
    private interface Part {
        void append(AccessLogEntry entry, StringBuilder out);
    }
}
