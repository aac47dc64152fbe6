package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Variant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class BriskVariantListBuilderTest {

    @Test
    void buildsTheCrossProduct() {
        List<Variant> variants = Variant.mediaTypes(MediaType.APPLICATION_JSON_TYPE, MediaType.APPLICATION_XML_TYPE)
                .languages(Locale.ENGLISH, Locale.FRENCH).encodings("gzip").build();
        assertThat(variants).containsExactly(
                new Variant(MediaType.APPLICATION_JSON_TYPE, Locale.ENGLISH, "gzip"),
                new Variant(MediaType.APPLICATION_JSON_TYPE, Locale.FRENCH, "gzip"),
                new Variant(MediaType.APPLICATION_XML_TYPE, Locale.ENGLISH, "gzip"),
                new Variant(MediaType.APPLICATION_XML_TYPE, Locale.FRENCH, "gzip"));
    }

    @Test
    void addStartsANewGroupAndBuildResets() {
        Variant.VariantListBuilder builder = Variant.languages(Locale.GERMAN).add()
                .mediaTypes(MediaType.TEXT_PLAIN_TYPE).encodings("br", "gzip");
        assertThat(builder.build()).containsExactly(
                new Variant(null, Locale.GERMAN, null),
                new Variant(MediaType.TEXT_PLAIN_TYPE, (Locale) null, "br"),
                new Variant(MediaType.TEXT_PLAIN_TYPE, (Locale) null, "gzip"));
        assertThat(builder.build()).isEmpty();
    }
}
