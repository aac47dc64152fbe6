package dev.brisk.rest.internal.cors;

import dev.brisk.rest.web.CorsConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The origins one {@link CorsConfig} allows, compiled once: exact origins, then patterns. */
final class OriginMatcher {

    private final boolean any;
    private final List<String> exact;
    private final List<Pattern> patterns;

    OriginMatcher(CorsConfig config) {
        this.any = config.allowedOrigins().contains(CorsConfig.ALL);
        this.exact = config.allowedOrigins().stream().map(o -> o.toLowerCase(Locale.ROOT)).toList();
        List<Pattern> compiled = new ArrayList<>();
        for (String pattern : config.allowedOriginPatterns()) {
            compiled.add(compile(pattern));
        }
        this.patterns = List.copyOf(compiled);
    }

    /** Whether {@code *} among the exact origins allows any origin (sent back as {@code *} without credentials). */
    boolean any() {
        return any;
    }

    boolean matches(String origin) {
        if (any) {
            return true;
        }
        String lower = origin.toLowerCase(Locale.ROOT);
        if (lower.endsWith("/")) {
            lower = lower.substring(0, lower.length() - 1);
        }
        if (exact.contains(lower)) {
            return true;
        }
        for (Pattern pattern : patterns) {
            if (pattern.matcher(lower).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code *} alone matches everything; elsewhere it matches any run of characters other than {@code /}; a trailing
     * {@code :[*]} matches any port or none, {@code :[a,b]} ports a and b.
     */
    static Pattern compile(String pattern) {
        String text = pattern.toLowerCase(Locale.ROOT);
        if (text.equals(CorsConfig.ALL)) {
            return Pattern.compile(".*");
        }
        String ports = null;
        if (text.endsWith("]")) {
            int open = text.lastIndexOf(":[");
            if (open < 0) {
                throw new IllegalArgumentException("invalid origin pattern, a port list needs \":[\": " + pattern);
            }
            String list = text.substring(open + 2, text.length() - 1);
            text = text.substring(0, open);
            if (list.equals("*")) {
                ports = "(:\\d+)?";
            } else {
                StringBuilder alternatives = new StringBuilder(":(");
                for (String port : list.split(",")) {
                    String trimmed = port.trim();
                    if (!trimmed.matches("\\d{1,5}")) {
                        throw new IllegalArgumentException("invalid port \"" + trimmed + "\" in origin pattern "
                                + pattern);
                    }
                    alternatives.append(alternatives.length() > 2 ? "|" : "").append(trimmed);
                }
                ports = alternatives.append(')').toString();
            }
        }
        StringBuilder regex = new StringBuilder();
        int start = 0;
        for (int i = text.indexOf('*'); i >= 0; i = text.indexOf('*', start)) {
            regex.append(Pattern.quote(text.substring(start, i))).append("[^/]*");
            start = i + 1;
        }
        regex.append(Pattern.quote(text.substring(start)));
        if (ports != null) {
            regex.append(ports);
        }
        return Pattern.compile(regex.toString());
    }
}
