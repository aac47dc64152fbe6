package dev.brisk.rest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A BriskServer closes gracefully on SIGTERM unless told not to: what its readiness route and shutdown delay need. */
class ShutdownHookDefaultTest {

    @Test
    void aBriskServerHasTheJvmShutdownHookByDefault() {
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1").get("/", ctx -> ctx.send("x")).start()) {
            assertThat(server.http().options().shutdownHook()).isTrue();
        }
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1").http(h -> h.shutdownHook(false))
                .get("/", ctx -> ctx.send("x")).start()) {
            assertThat(server.http().options().shutdownHook()).isFalse();
        }
    }
}
