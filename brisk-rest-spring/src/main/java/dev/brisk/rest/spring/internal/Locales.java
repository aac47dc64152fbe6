package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;

import java.util.List;
import java.util.Locale;

/**
 * The request's locale as Spring MVC's default {@code AcceptHeaderLocaleResolver} sees it: the most preferred language
 * of {@code Accept-Language}, else the server's default locale.
 */
final class Locales {

    private static final String KEY = Locales.class.getName();

    private Locales() {
    }

    static Locale of(RequestContext ctx) {
        Object cached = ctx.attributes().get(KEY);
        if (cached instanceof Locale locale) {
            return locale;
        }
        Locale locale = parse(ctx.request().headers().get("accept-language", null));
        ctx.attributes().put(KEY, locale);
        return locale;
    }

    static Locale parse(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return Locale.getDefault();
        }
        try {
            // parse sorts the ranges by weight, most preferred first
            List<Locale.LanguageRange> ranges = Locale.LanguageRange.parse(acceptLanguage);
            for (Locale.LanguageRange range : ranges) {
                if (range.getWeight() > 0 && !range.getRange().startsWith("*")) {
                    return Locale.forLanguageTag(range.getRange());
                }
            }
        } catch (IllegalArgumentException malformed) {
            // a malformed header is ignored, as servlet containers do
        }
        return Locale.getDefault();
    }
}
