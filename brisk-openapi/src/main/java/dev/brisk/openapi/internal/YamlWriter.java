package dev.brisk.openapi.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a tree of maps, lists, strings, numbers and booleans as block-style YAML 1.2. Strings are written in double
 * quotes with JSON's escapes (valid YAML), so no value can change type when read back; keys are plain when they are
 * identifiers that cannot read as anything but a string.
 */
final class YamlWriter {

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$.\\-]*");
    private static final Set<String> RESERVED = Set.of("true", "false", "null", "yes", "no", "on",
            "off", "y", "n", "True", "False", "Null", "TRUE", "FALSE", "NULL", "Yes", "No", "On", "Off", "YES", "NO",
            "ON", "OFF", "Y", "N");

    private final StringBuilder out = new StringBuilder(4096);

    static String write(Map<String, ?> document) {
        YamlWriter writer = new YamlWriter();
        writer.map(document, 0);
        return writer.out.toString();
    }

    private void map(Map<?, ?> map, int indent) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            indent(indent);
            out.append(key(e.getKey().toString())).append(':');
            value(e.getValue(), indent);
        }
    }

    private void list(List<?> list, int indent) {
        for (Object item : list) {
            indent(indent);
            out.append('-');
            if (item instanceof Map<?, ?> m && !m.isEmpty()) {
                // the first entry on the dash's line, the others aligned with it
                out.append(' ');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        indent(indent + 2);
                    }
                    first = false;
                    out.append(key(e.getKey().toString())).append(':');
                    value(e.getValue(), indent + 2);
                }
            } else {
                value(item, indent);
            }
        }
    }

    /** After {@code key:} or {@code -}: a scalar or empty collection on the same line, else a nested block. */
    private void value(Object value, int indent) {
        if (value instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                out.append(" {}\n");
            } else {
                out.append('\n');
                map(m, indent + 2);
            }
        } else if (value instanceof List<?> l) {
            if (l.isEmpty()) {
                out.append(" []\n");
            } else {
                out.append('\n');
                list(l, indent + 2);
            }
        } else {
            out.append(' ').append(scalar(value)).append('\n');
        }
    }

    private void indent(int indent) {
        out.append(" ".repeat(indent));
    }

    private static String key(String key) {
        return PLAIN_KEY.matcher(key).matches() && !RESERVED.contains(key) ? key : quote(key);
    }

    private static String scalar(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return quote(value.toString());
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == '\u2028' || c == '\u2029'
                            || c == '\ufeff') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
