package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpSyntax;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/** Reads and writes {@code Cache-Control} directives (RFC 9111 §5.2), keeping unknown directives as extensions. */
final class CacheControlDelegate implements HeaderDelegate<CacheControl> {

    static final CacheControlDelegate INSTANCE = new CacheControlDelegate();

    @Override
    public CacheControl fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "cache control");
        CacheControl cc = new CacheControl();
        cc.setNoTransform(false);
        for (String part : HeaderSyntax.split(text, ',')) {
            HeaderSyntax.Param directive = HeaderSyntax.Param.parse(part);
            String name = directive.name().toLowerCase(Locale.ROOT);
            String arg = directive.value();
            switch (name) {
                case "public" -> { }
                case "private" -> {
                    cc.setPrivate(true);
                    addFields(cc.getPrivateFields(), arg);
                }
                case "no-cache" -> {
                    cc.setNoCache(true);
                    addFields(cc.getNoCacheFields(), arg);
                }
                case "no-store" -> cc.setNoStore(true);
                case "no-transform" -> cc.setNoTransform(true);
                case "must-revalidate" -> cc.setMustRevalidate(true);
                case "proxy-revalidate" -> cc.setProxyRevalidate(true);
                case "max-age" -> cc.setMaxAge(seconds(text, name, arg));
                case "s-maxage" -> cc.setSMaxAge(seconds(text, name, arg));
                default -> {
                    if (!HttpSyntax.isToken(directive.name())) {
                        throw new IllegalArgumentException(
                                "invalid cache control '" + text + "': bad directive '" + part + "'");
                    }
                    cc.getCacheExtension().put(directive.name(), arg);
                }
            }
        }
        return cc;
    }

    private static void addFields(List<String> fields, String arg) {
        if (arg != null) {
            for (String field : HeaderSyntax.split(arg, ',')) {
                fields.add(field);
            }
        }
    }

    private static int seconds(String text, String name, String arg) {
        try {
            return Integer.parseInt(arg == null ? "" : arg.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "invalid cache control '" + text + "': " + name + " needs a number of seconds, got '" + arg + "'");
        }
    }

    @Override
    public String toString(CacheControl value) {
        if (value == null) {
            throw new IllegalArgumentException("cache control is null");
        }
        StringJoiner out = new StringJoiner(", ");
        if (value.isPrivate()) {
            out.add(withFields("private", value.getPrivateFields()));
        }
        if (value.isNoCache()) {
            out.add(withFields("no-cache", value.getNoCacheFields()));
        }
        if (value.isNoStore()) {
            out.add("no-store");
        }
        if (value.isNoTransform()) {
            out.add("no-transform");
        }
        if (value.isMustRevalidate()) {
            out.add("must-revalidate");
        }
        if (value.isProxyRevalidate()) {
            out.add("proxy-revalidate");
        }
        if (value.getMaxAge() >= 0) {
            out.add("max-age=" + value.getMaxAge());
        }
        if (value.getSMaxAge() >= 0) {
            out.add("s-maxage=" + value.getSMaxAge());
        }
        for (Map.Entry<String, String> ext : value.getCacheExtension().entrySet()) {
            String arg = ext.getValue();
            out.add(arg == null || arg.isEmpty() ? ext.getKey() : ext.getKey() + "=" + HttpSyntax.quoteIfNeeded(arg));
        }
        return out.toString();
    }

    private static String withFields(String directive, List<String> fields) {
        return fields.isEmpty() ? directive : directive + "=\"" + String.join(", ", fields) + "\"";
    }
}
