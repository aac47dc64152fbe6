package dev.brisk.transport;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceContextTest {

    private static final String VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void parsesAndFormatsAValidTraceparent() {
        TraceContext trace = TraceContext.parse(VALID, "congo=t61rcWkgMzE").orElseThrow();
        assertThat(trace.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(trace.spanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(trace.sampled()).isTrue();
        assertThat(trace.traceState()).isEqualTo("congo=t61rcWkgMzE");
        assertThat(trace.traceparent()).isEqualTo(VALID);
    }

    @Test
    void refusesMalformedValues() {
        assertThat(TraceContext.parse(null)).isEmpty();
        assertThat(TraceContext.parse("")).isEmpty();
        assertThat(TraceContext.parse("garbage")).isEmpty();
        assertThat(TraceContext.parse(VALID.replace("4bf9", "4BF9"))).isEmpty();               // uppercase
        assertThat(TraceContext.parse("00-00000000000000000000000000000000-00f067aa0ba902b7-01")).isEmpty();
        assertThat(TraceContext.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01")).isEmpty();
        assertThat(TraceContext.parse("ff" + VALID.substring(2))).isEmpty();                   // forbidden version
        assertThat(TraceContext.parse(VALID + "-extra")).isEmpty();                            // version 00 is exact
        assertThat(TraceContext.parse(VALID.replace("-01", "-0x"))).isEmpty();
    }

    @Test
    void acceptsLaterVersionsWithTrailingFields() {
        Optional<TraceContext> later = TraceContext.parse("01" + VALID.substring(2) + "-what-comes-next");
        assertThat(later).map(TraceContext::traceId).contains("4bf92f3577b34da6a3ce929d0e0e4736");
    }

    @Test
    void reservedFlagsAreSetToZeroAndAMalformedStateIsDropped() {
        String sampledAndReserved = VALID.substring(0, 53) + "ff";
        assertThat(TraceContext.parse(sampledAndReserved).orElseThrow().flags()).isEqualTo(TraceContext.FLAG_SAMPLED);
        assertThat(TraceContext.parse(VALID, " a=1 ,, b@tenant=x-y ").orElseThrow().traceState())
                .isEqualTo("a=1,b@tenant=x-y");
        for (String malformed : new String[] {"this is not valid,,,==", "A=1", "a=", "=1", "a=1=2", "a=\u0001"}) {
            assertThat(TraceContext.parse(VALID, malformed).orElseThrow().traceState()).as(malformed).isEmpty();
        }
        assertThat(TraceContext.parse(VALID, "k=v,".repeat(33)).orElseThrow().traceState()).isEmpty();
        assertThat(TraceContext.parse(VALID, "k=v,".repeat(32)).orElseThrow().traceState()).hasSize(32 * 4 - 1);
    }

    @Test
    void childKeepsTheTraceWithANewSpan() {
        TraceContext parent = TraceContext.parse(VALID).orElseThrow();
        TraceContext child = parent.newChild();
        assertThat(child.traceId()).isEqualTo(parent.traceId());
        assertThat(child.spanId()).isNotEqualTo(parent.spanId()).matches("[0-9a-f]{16}");
        assertThat(child.flags()).isEqualTo(parent.flags());
    }

    @Test
    void rootsAreRandomAndValid() {
        TraceContext a = TraceContext.newRoot();
        TraceContext b = TraceContext.newRoot();
        assertThat(a.traceId()).matches("[0-9a-f]{32}").isNotEqualTo(b.traceId());
        assertThat(TraceContext.parse(a.traceparent())).contains(a);
    }

    @Test
    void scopesNestAndRestore() {
        assertThat(TraceContext.current()).isEmpty();
        TraceContext outer = TraceContext.newRoot();
        TraceContext inner = outer.newChild();
        try (TraceContext.Scope a = outer.makeCurrent()) {
            try (TraceContext.Scope b = inner.makeCurrent()) {
                assertThat(TraceContext.current()).contains(inner);
            }
            assertThat(TraceContext.current()).contains(outer);
        }
        assertThat(TraceContext.currentOrNull()).isNull();
    }

    @Test
    void validatesComponents() {
        assertThatThrownBy(() -> new TraceContext("abc", "00f067aa0ba902b7", 1, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(
                        "traceId must be 32 lowercase hex digits, not all zero: abc");
        assertThatThrownBy(() -> new TraceContext("4bf92f3577b34da6a3ce929d0e0e4736", "x", 1, ""))
                .hasMessageStartingWith("spanId must be");
        assertThatThrownBy(() -> new TraceContext("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7", 256, ""))
                .hasMessage("flags must be within [0, 255]: 256");
        assertThatThrownBy(() -> new TraceContext("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7", 1, null))
                .isInstanceOf(NullPointerException.class).hasMessage("traceState must not be null");
    }
}
