package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Variant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Builds variant lists: each {@link #add()} appends every combination of the media types, languages and encodings
 * given since the previous {@code add()}; a dimension left empty does not constrain the variants.
 */
public final class BriskVariantListBuilder extends Variant.VariantListBuilder {

    private final List<Variant> variants = new ArrayList<>();
    private final List<MediaType> mediaTypes = new ArrayList<>();
    private final List<Locale> languages = new ArrayList<>();
    private final List<String> encodings = new ArrayList<>();

    @Override
    public List<Variant> build() {
        add();
        List<Variant> result = List.copyOf(variants);
        variants.clear();
        return result;
    }

    @Override
    public Variant.VariantListBuilder add() {
        if (mediaTypes.isEmpty() && languages.isEmpty() && encodings.isEmpty()) {
            return this;
        }
        for (MediaType type : orNull(mediaTypes)) {
            for (Locale language : orNull(languages)) {
                for (String encoding : orNull(encodings)) {
                    variants.add(new Variant(type, language, encoding));
                }
            }
        }
        mediaTypes.clear();
        languages.clear();
        encodings.clear();
        return this;
    }

    private static <T> List<T> orNull(List<T> values) {
        return values.isEmpty() ? Collections.singletonList(null) : values;
    }

    @Override
    public Variant.VariantListBuilder languages(Locale... languages) {
        this.languages.addAll(Arrays.asList(languages));
        return this;
    }

    @Override
    public Variant.VariantListBuilder encodings(String... encodings) {
        this.encodings.addAll(Arrays.asList(encodings));
        return this;
    }

    @Override
    public Variant.VariantListBuilder mediaTypes(MediaType... mediaTypes) {
        this.mediaTypes.addAll(Arrays.asList(mediaTypes));
        return this;
    }
}
