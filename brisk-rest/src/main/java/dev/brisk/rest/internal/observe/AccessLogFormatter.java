package dev.brisk.rest.internal.observe;

import dev.brisk.http.common.Protocol;
import dev.brisk.rest.observe.AccessLogOptions;

import io.netty.util.NetUtil;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Turns the access log's {@link AccessLogRing.Line}s into UTF-8 lines: the NCSA common and combined formats, JSON, or a
 * custom pattern compiled once into parts. Runs on the writer thread only, which lets it keep the last second's
 * timestamp and recent client addresses encoded: consecutive lines mostly share both. Whatever a client chose (method,
 * target, header values, trace id) is escaped in every format: JSON's escapes in JSON, {@code \xHH} for {@code "},
 * {@code \} and control characters in the others, so a value can neither close its field nor add a line.
 */
final class AccessLogFormatter {

    private static final String COMMON = "%a - - %t \"%m %U %H\" %s %b";
    private static final String COMBINED = COMMON + " \"%{Referer}i\" \"%{User-Agent}i\"";
    private static final int HOST_CACHE = 256;
    private static final byte[] DASH = ascii("-");
    private static final byte[] DASHES = ascii(" - - [");
    private static final byte[] CLOSE_QUOTE = ascii("] \"");
    private static final byte[] QUOTE_SPACE = ascii("\" ");
    private static final byte[] SPACE_QUOTE = ascii(" \"");
    private static final byte[] QUOTE_SPACE_QUOTE = ascii("\" \"");
    /** Each protocol's text, by ordinal. */
    private static final byte[][] PROTOCOLS = Arrays.stream(Protocol.values())
            .map(protocol -> ascii(protocol.text())).toArray(byte[][]::new);
    private static final DateTimeFormatter CLF_TIME = DateTimeFormatter
            .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneId.systemDefault());
    /** ISO-8601 in UTC to the second; milliseconds are appended. */
    private static final DateTimeFormatter ISO_SECOND = DateTimeFormatter
            .ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final AccessLogOptions.Format format;
    private final boolean json;
    private final List<Part> parts = new ArrayList<>();
    /** Request headers the format needs, captured per request in this order. */
    private final List<String> headerNames = new ArrayList<>();
    private final LineBuffer line = new LineBuffer();
    /** Where JSON strings and quoted header values are escaped before they join the line. */
    private final StringBuilder escaped = new StringBuilder(64);
    private long clockMillis = System.currentTimeMillis();
    private long clockNanos = System.nanoTime();
    private final SecondCache clfTime = new SecondCache(CLF_TIME);
    private final SecondCache isoTime = new SecondCache(ISO_SECOND);
    /** The text of recently seen client addresses, direct-mapped by identity (a connection keeps its address). */
    private final SocketAddress[] remotes = new SocketAddress[HOST_CACHE];
    private final byte[][] hosts = new byte[HOST_CACHE][];

    AccessLogFormatter(AccessLogOptions options) {
        format = options.format();
        json = format == AccessLogOptions.Format.JSON;
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

    /**
     * Reads the clocks for the entries formatted next: their wall-clock times are computed from these and their
     * start ({@link AccessLogRing.Line#startNanos()}), so the event loop reads one clock per request instead of two.
     */
    void now(long epochMillis, long nanoTime) {
        clockMillis = epochMillis;
        clockNanos = nanoTime;
    }

    private long epochMillis(AccessLogRing.Line e) {
        return clockMillis - (clockNanos - e.startNanos()) / 1_000_000;
    }

    /** The line of {@code entry}, in a buffer that the next call reuses. */
    LineBuffer format(AccessLogRing.Line entry) {
        LineBuffer out = line;
        out.clear();
        switch (format) {
            case JSON -> json(entry, out);
            case COMMON -> common(entry, out);
            case COMBINED -> {
                common(entry, out);
                out.append(SPACE_QUOTE).appendQuoted(orDash(entry.headers()[0])).append(QUOTE_SPACE_QUOTE)
                        .appendQuoted(orDash(entry.headers()[1])).append('"');
            }
            default -> {
                for (Part part : parts) {
                    part.append(entry, out);
                }
            }
        }
        return out;
    }

    /** The NCSA common format, written directly (the same line {@link #COMMON} compiles to). */
    private void common(AccessLogRing.Line e, LineBuffer out) {
        out.append(host(e.remote())).append(DASHES).append(clfTime.format(epochMillis(e))).append(CLOSE_QUOTE)
                .appendQuoted(e.method()).append(' ');
        e.appendUri(out);
        out.append(' ').append(PROTOCOLS[e.protocol().ordinal()]).append(QUOTE_SPACE)
                .append(e.status()).append(' ');
        if (e.bytes() <= 0) {
            out.append('-');
        } else {
            out.append(e.bytes());
        }
    }

    private void json(AccessLogRing.Line e, LineBuffer out) {
        long millis = epochMillis(e);
        int fraction = (int) Math.floorMod(millis, 1000L);
        out.append("{\"time\":\"").append(isoTime.format(millis)).append('.')
                .append((char) ('0' + fraction / 100)).append((char) ('0' + fraction / 10 % 10))
                .append((char) ('0' + fraction % 10)).append("Z\",\"remote\":");
        appendJson(host(e.remote()), out);
        out.append(",\"method\":").append(jsonString(e.method()))
                .append(",\"uri\":").append(jsonString(e.uri()))
                .append(",\"protocol\":\"").append(PROTOCOLS[e.protocol().ordinal()])
                .append("\",\"status\":").append(e.status())
                .append(",\"bytes\":").append(e.bytes()).append(",\"durationMicros\":")
                .append(e.durationNanos() / 1000);
        if (e.traceId() != null) {
            out.append(",\"traceId\":\"").append(e.traceId()).append('"');
        }
        if (e.headers()[0] != null) {
            out.append(",\"referer\":").append(jsonString(e.headers()[0]));
        }
        if (e.headers()[1] != null) {
            out.append(",\"userAgent\":").append(jsonString(e.headers()[1]));
        }
        out.append('}');
    }

    /**
     * Appends UTF-8 {@code text} as a JSON string: as it is between quotes when nothing in it needs escaping (an IP
     * address never does), escaped otherwise (an address that is not one, say a socket path).
     */
    private void appendJson(byte[] text, LineBuffer out) {
        for (byte b : text) {
            if (b == '"' || b == '\\' || b >= 0 && b < 0x20) {
                out.append(jsonString(new String(text, StandardCharsets.UTF_8)));
                return;
            }
        }
        out.append('"').append(text).append('"');
    }

    /** {@code value} as a JSON string, in a buffer the next call reuses. */
    private CharSequence jsonString(String value) {
        escaped.setLength(0);
        return Json.quote(escaped, value);
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
                part = (e, out) -> out.appendQuoted(orDash(e.headers()[index]));
                i = close + 1;
            } else {
                part = switch (d) {
                    case 'a' -> (e, out) -> out.append(host(e.remote()));
                    case 't' -> (e, out) -> out.append('[').append(clfTime.format(epochMillis(e))).append(']');
                    case 'm' -> (e, out) -> out.appendQuoted(e.method());
                    case 'U' -> (e, out) -> e.appendUri(out);
                    case 'H' -> (e, out) -> out.append(PROTOCOLS[e.protocol().ordinal()]);
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
                    case 'x' -> (e, out) -> out.appendQuoted(orDash(e.traceId()));
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
            byte[] text = literal.toString().getBytes(StandardCharsets.UTF_8);
            parts.add((e, out) -> out.append(text));
            literal.setLength(0);
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }

    private byte[] host(SocketAddress address) {
        if (address == null) {
            return DASH; // the client is unknown (a trusted proxy reported no address)
        }
        int slot = System.identityHashCode(address) & (HOST_CACHE - 1);
        if (remotes[slot] != address) {
            hosts[slot] = hostOf(address).getBytes(StandardCharsets.UTF_8);
            remotes[slot] = address;
        }
        return hosts[slot];
    }

    private static String hostOf(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            // RFC 5952's form (::1, 2001:db8::1), as other servers log it and log tools search for it
            return inet.getAddress() != null ? NetUtil.toAddressString(inet.getAddress())
                    : inet.getHostString();
        }
        return address == null ? "-" : address.toString();
    }

    /** A timestamp format applied once per second. */
    private static final class SecondCache {
        private final DateTimeFormatter format;
        private long second = Long.MIN_VALUE;
        private byte[] text;

        SecondCache(DateTimeFormatter format) {
            this.format = format;
        }

        byte[] format(long epochMillis) {
            long now = Math.floorDiv(epochMillis, 1000L);
            if (now != second) {
                text = format.format(Instant.ofEpochSecond(now)).getBytes(StandardCharsets.UTF_8);
                second = now;
            }
            return text;
        }
    }

    /** One piece of a line. */
    @FunctionalInterface
    private interface Part {
        void append(AccessLogRing.Line entry, LineBuffer out);
    }
}
