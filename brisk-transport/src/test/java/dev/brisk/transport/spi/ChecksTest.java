package dev.brisk.transport.spi;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChecksTest {

    @Test
    void aValidValueIsReturned() {
        assertThat(Checks.notNull("x", "name")).isEqualTo("x");
        assertThat(Checks.positive(1, "n")).isEqualTo(1);
        assertThat(Checks.positive(1L, "n")).isEqualTo(1L);
        assertThat(Checks.positive(Duration.ofMillis(1), "d")).isEqualTo(Duration.ofMillis(1));
        assertThat(Checks.notNegative(0, "n")).isZero();
        assertThat(Checks.notNegative(0L, "n")).isZero();
        assertThat(Checks.notNegative(Duration.ZERO, "d")).isEqualTo(Duration.ZERO);
        assertThat(Checks.within(9, 0, 9, "n")).isEqualTo(9);
    }

    @Test
    void everyMessageNamesTheComponentAndTheValue() {
        assertThatThrownBy(() -> Checks.notNull(null, "host"))
                .isInstanceOf(NullPointerException.class).hasMessage("host must not be null");
        assertThatThrownBy(() -> Checks.positive(0, "ioThreads"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("ioThreads must be positive: 0");
        assertThatThrownBy(() -> Checks.positive(-1L, "maxBodySize")).hasMessage("maxBodySize must be positive: -1");
        assertThatThrownBy(() -> Checks.positive(Duration.ZERO, "idleTimeout"))
                .hasMessage("idleTimeout must be positive: PT0S");
        assertThatThrownBy(() -> Checks.positive((Duration) null, "idleTimeout"))
                .isInstanceOf(NullPointerException.class).hasMessage("idleTimeout must not be null");
        assertThatThrownBy(() -> Checks.notNegative(-1, "maxRedirects"))
                .hasMessage("maxRedirects must not be negative: -1");
        assertThatThrownBy(() -> Checks.notNegative(-1L, "minBodyDataRate"))
                .hasMessage("minBodyDataRate must not be negative: -1");
        assertThatThrownBy(() -> Checks.notNegative(Duration.ofSeconds(-1), "shutdownDelay"))
                .hasMessage("shutdownDelay must not be negative: PT-1S");
        assertThatThrownBy(() -> Checks.within(65536, 0, 65535, "port"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("port must be within [0, 65535]: 65536");
    }
}
