package dev.brisk.rest.jaxrs.sample;

import java.util.Objects;

/**
 * An ISBN-13. Deliberately has no {@code String} constructor, {@code valueOf} or {@code fromString}: as a
 * {@code @PathParam} it can only be converted by {@link IsbnConverterProvider}.
 */
public final class Isbn {

    private final String digits;

    private Isbn(String digits) {
        this.digits = digits;
    }

    /** Parses {@code 978-0441013593} or {@code 9780441013593}; hyphens and spaces are ignored. */
    public static Isbn parse(String text) {
        String digits = text.replace("-", "").replace(" ", "");
        if (!digits.matches("\\d{13}")) {
            throw new IllegalArgumentException("not an ISBN-13: " + text);
        }
        return new Isbn(digits);
    }

    /** The 13 digits, without separators. */
    public String digits() {
        return digits;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Isbn isbn && isbn.digits.equals(digits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(digits);
    }

    @Override
    public String toString() {
        return digits.substring(0, 3) + "-" + digits.substring(3);
    }
}
