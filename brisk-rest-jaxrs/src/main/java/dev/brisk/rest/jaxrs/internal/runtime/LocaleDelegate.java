package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.util.Locale;

/** Reads and writes languages as BCP 47 language tags ({@code en-US}); {@code en_US} is accepted on input. */
final class LocaleDelegate implements HeaderDelegate<Locale> {

    static final LocaleDelegate INSTANCE = new LocaleDelegate();

    @Override
    public Locale fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "language").trim();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("invalid language tag '': empty");
        }
        if (text.equals("*")) {
            return new Locale("*");
        }
        Locale locale = Locale.forLanguageTag(text.replace('_', '-'));
        if (locale.getLanguage().isEmpty()) {
            throw new IllegalArgumentException("invalid language tag '" + text + "': not a BCP 47 language tag");
        }
        return locale;
    }

    @Override
    public String toString(Locale value) {
        if (value == null) {
            throw new IllegalArgumentException("language is null");
        }
        if (value.getLanguage().equals("*")) {
            return "*";
        }
        return value.toLanguageTag();
    }
}
