package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code EntityPart.withName(...)} through Brisk's {@code RuntimeDelegate}: defaults, headers, content, errors. */
class EntityPartBuilderTest {

    @Test
    void aFieldIsTextAndAFileIsOctetsUnlessTheMediaTypeIsSet() throws Exception {
        EntityPart field = EntityPart.withName("note").content("ready").build();
        EntityPart file = EntityPart.withFileName("report.pdf").content(new ByteArrayInputStream(new byte[3])).build();
        EntityPart json = EntityPart.withName("meta").mediaType("application/json").content(List.of("a"),
                new GenericType<List<String>>() { }).build();

        assertThat(field.getMediaType()).isEqualTo(MediaType.TEXT_PLAIN_TYPE);
        assertThat(field.getFileName()).isEmpty();
        assertThat(field.getHeaders().getFirst("content-type")).isEqualTo("text/plain");
        assertThat(file.getName()).isEqualTo("report.pdf");
        assertThat(file.getFileName()).hasValue("report.pdf");
        assertThat(file.getMediaType()).isEqualTo(MediaType.APPLICATION_OCTET_STREAM_TYPE);
        assertThat(json.getMediaType()).isEqualTo(MediaType.APPLICATION_JSON_TYPE);
        assertThat(((OutboundEntityPart) json).genericType().getTypeName())
                .isEqualTo("java.util.List<java.lang.String>");
    }

    @Test
    void headersAreKeptAndAContentTypeHeaderSetsTheMediaType() throws Exception {
        EntityPart part = EntityPart.withName("photo").header("Content-Type", "image/png")
                .header("X-Checksum", "abc", "def").content(new byte[] {1, 2}).build();

        assertThat(part.getMediaType()).isEqualTo(new MediaType("image", "png"));
        assertThat(part.getHeaders().get("x-checksum")).containsExactly("abc", "def");
    }

    @Test
    void contentConvertsOnceToTheTypesItHolds() throws Exception {
        EntityPart text = EntityPart.withName("note").mediaType("text/plain; charset=ISO-8859-1")
                .content("caf\u00e9".getBytes(StandardCharsets.ISO_8859_1)).build();

        assertThat(text.getContent(String.class)).isEqualTo("caf\u00e9");
        assertThatThrownBy(() -> text.getContent(String.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'note' has already been read");

        EntityPart stream = EntityPart.withName("data").content(new ByteArrayInputStream(new byte[] {7})).build();
        try (InputStream in = stream.getContent()) {
            assertThat(in.readAllBytes()).containsExactly(7);
        }
        EntityPart object = EntityPart.withName("meta").content(new StringBuilder("x")).build();
        assertThatThrownBy(() -> object.getContent(Integer.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.StringBuilder");
    }

    @Test
    void aPartNeedsANameAndContent() throws Exception {
        assertThatThrownBy(() -> EntityPart.withName(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a name");
        assertThatThrownBy(() -> EntityPart.withName("empty").build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'empty' has no content");
        assertThatThrownBy(() -> EntityPart.withName("x").mediaType("not a type"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EntityPart.withName("x").fileName(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fileName is null");
    }
}
