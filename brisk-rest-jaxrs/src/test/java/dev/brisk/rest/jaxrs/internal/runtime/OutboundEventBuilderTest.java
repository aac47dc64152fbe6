package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEvent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The outbound events {@code Sse.newEventBuilder()} builds: defaults, data types, what the stream cannot carry. */
class OutboundEventBuilderTest {

    @Test
    void dataIsTextUnlessTheMediaTypeSaysOtherwise() {
        OutboundSseEvent event = new OutboundEventBuilder().name("price").data(12.5).build();

        assertThat(event.getMediaType()).isEqualTo(MediaType.TEXT_PLAIN_TYPE);
        assertThat(event.getType()).isEqualTo(Double.class);
        assertThat(event.isReconnectDelaySet()).isFalse();
        assertThat(event.getReconnectDelay()).isEqualTo(SseEvent.RECONNECT_NOT_SET);
    }

    @Test
    void aGenericEntityGivesItsGenericType() {
        OutboundSseEvent event = new OutboundEventBuilder().mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(new GenericEntity<>(List.of("a", "b")) { }).reconnectDelay(2000).build();

        assertThat(event.getData()).isEqualTo(List.of("a", "b"));
        assertThat(event.getGenericType().getTypeName()).isEqualTo("java.util.List<java.lang.String>");
        assertThat(event.getReconnectDelay()).isEqualTo(2000);
        assertThat(new OutboundEventBuilder().comment("x").reconnectDelay(5).reconnectDelay(-1).build()
                .isReconnectDelaySet()).isFalse();
    }

    @Test
    void anEventNeedsDataOrAComment() {
        assertThat(new OutboundEventBuilder().comment("heartbeat").build().getData()).isNull();
        assertThatThrownBy(() -> new OutboundEventBuilder().id("1").name("empty").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("data or a comment");
        assertThatThrownBy(() -> new OutboundEventBuilder().data(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void idsAndNamesCannotBreakTheLineTheyAreWrittenOn() {
        assertThatThrownBy(() -> new OutboundEventBuilder().id("1\n2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("event id must not contain line breaks: \"1\\n2\"");
        assertThatThrownBy(() -> new OutboundEventBuilder().name("a\rb"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("event name");
    }
}
