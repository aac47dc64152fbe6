package dev.brisk.http;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebSocketOptionsTest {

    @Test
    void defaults() {
        WebSocketOptions options = WebSocketOptions.DEFAULT;
        assertThat(options.maxFrameSize()).isEqualTo(64 * 1024);
        assertThat(options.maxMessageSize()).isEqualTo(1024 * 1024);
        assertThat(options.aggregate()).isTrue();
        assertThat(options.idleTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(options.pingInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.closeTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(options.maxQueuedBytes()).isEqualTo(4 * 1024 * 1024);
        assertThat(options.allowedOrigins()).as("same-origin pages only").isEmpty();
        assertThat(options.subprotocols()).isEmpty();
        assertThat(options.perMessageDeflate()).isFalse();
        assertThat(options.compressionLevel()).isEqualTo(6);
        assertThat(options.executor()).isEmpty();
    }

    @Test
    void roundTrip() {
        Executor executor = Runnable::run;
        WebSocketOptions options = WebSocketOptions.builder().maxFrameSize(10).maxMessageSize(20).aggregate(false)
                .idleTimeout(Duration.ZERO).pingInterval(Duration.ofSeconds(1)).closeTimeout(Duration.ofSeconds(2))
                .maxQueuedBytes(30).allowedOrigins("https://a.example").subprotocols("x", "y")
                .perMessageDeflate(true).compressionLevel(1).executor(executor).build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.subprotocols()).containsExactly("x", "y");
        assertThat(options.executor()).containsSame(executor);
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> WebSocketOptions.builder().maxFrameSize(0).build())
                .hasMessage("maxFrameSize must be positive: 0");
        assertThatThrownBy(() -> WebSocketOptions.builder().maxMessageSize(0).build())
                .hasMessage("maxMessageSize must be positive: 0");
        assertThatThrownBy(() -> WebSocketOptions.builder().maxFrameSize(100).maxMessageSize(99).build())
                .hasMessage("maxMessageSize must be >= maxFrameSize (100): 99");
        assertThatThrownBy(() -> WebSocketOptions.builder().maxMessageSize(1L << 31).build())
                .hasMessage("maxMessageSize must be at most 2147483647: 2147483648");
        assertThatThrownBy(() -> WebSocketOptions.builder().idleTimeout(Duration.ofSeconds(-1)).build())
                .hasMessage("idleTimeout must not be negative: PT-1S");
        assertThatThrownBy(() -> WebSocketOptions.builder().pingInterval(null).build())
                .hasMessage("pingInterval must not be null");
        assertThatThrownBy(() -> WebSocketOptions.builder().maxQueuedBytes(0).build())
                .hasMessage("maxQueuedBytes must be positive: 0");
        assertThatThrownBy(() -> WebSocketOptions.builder().compressionLevel(10).build())
                .hasMessage("compressionLevel must be within [0, 9]: 10");
        assertThatThrownBy(() -> WebSocketOptions.builder().allowedOrigins("example.com").build())
                .hasMessageStartingWith("allowedOrigins must hold \"*\" or origins such as https://example.com")
                .hasMessageEndingWith(": example.com");
        assertThatThrownBy(() -> WebSocketOptions.builder().allowedOrigins("https://example.com/app").build())
                .hasMessageEndingWith(": https://example.com/app");
    }

    @Test
    void originsAreSerializedOriginsOrTheWildcard() {
        assertThat(WebSocketOptions.builder().allowedOrigins("https://a.example", "http://localhost:3000/",
                "http://[::1]:8080", WebSocketOptions.ANY_ORIGIN).build().allowedOrigins()).hasSize(4);
    }
}
