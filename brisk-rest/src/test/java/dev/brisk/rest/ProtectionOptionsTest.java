package dev.brisk.rest;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.brisk.rest.internal.protect.Durations;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.protect.ForwardedHeader;
import dev.brisk.rest.protect.IpFilter;
import dev.brisk.rest.protect.ProtectionOptions;
import java.util.ArrayList;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProtectionOptionsTest {

    @Test
    void everythingIsOffByDefault() {
        ProtectionOptions defaults = ProtectionOptions.DEFAULT;
        assertThat(defaults.concurrencyLimit()).isEmpty();
        assertThat(defaults.loadShedding()).isEmpty();
        assertThat(defaults.requestTimeout()).isEmpty();
        assertThat(defaults.ipFilters()).isEmpty();
        assertThat(defaults.trustedProxies()).isEmpty();
        assertThat(defaults.retryAfter()).isEqualTo(Duration.ofSeconds(1));
        Brisk.server().protection(p -> assertThat(p.options()).isEqualTo(defaults));
    }

    @Test
    void theServerBuilderSetsEveryComponentAndTheyRoundTrip() {
        IpFilter filter = IpFilter.deny("10.0.0.0/8");
        List<ProtectionOptions> configured = new ArrayList<>();
        Brisk.server().protection(p -> configured.add(p.concurrencyLimit(ConcurrencyLimit.fixed(5))
                .requestTimeout(Duration.ofSeconds(2)).ipFilter(filter).trustedProxies("127.0.0.1")
                .forwardedHeader(ForwardedHeader.FORWARDED).retryAfter(Duration.ofSeconds(3)).options()));
        ProtectionOptions options = configured.get(0);
        assertThat(options).isEqualTo(new ProtectionOptions(Optional.of(ConcurrencyLimit.fixed(5)),
                options.limitExempt(), Optional.empty(), Optional.of(Duration.ofSeconds(2)), List.of(filter),
                List.of("127.0.0.1"), ForwardedHeader.FORWARDED, Duration.ofSeconds(3)));
        assertThat(ProtectionOptions.DEFAULT.forwardedHeader()).isEqualTo(ForwardedHeader.X_FORWARDED_FOR);
        assertThat(options.toBuilder().build()).isEqualTo(options);
        Brisk.server().protection(p -> assertThat(p.options(options).options()).isEqualTo(options));
    }

    @Test
    void invalidValuesAreNamed() {
        assertThatThrownBy(() -> ConcurrencyLimit.fixed(0)).hasMessage("limit must be positive: 0");
        assertThatThrownBy(() -> ConcurrencyLimit.adaptive(5, 4, 10)).hasMessage("initialLimit must be within [5, 10]: 4");
        assertThatThrownBy(() -> ConcurrencyLimit.adaptive(5, 5, 4)).hasMessage("maxLimit must be >= minLimit (5): 4");
        assertThatThrownBy(() -> ProtectionOptions.builder().requestTimeout(Duration.ZERO).build())
                .hasMessage("requestTimeout must be positive: PT0S");
        assertThatThrownBy(() -> ProtectionOptions.builder().retryAfter(Duration.ofMillis(1500)).build())
                .hasMessage("retryAfter must be whole seconds, not negative: PT1.5S");
        assertThatThrownBy(() -> Route.get("/x").timeout(Duration.ofSeconds(-1)))
                .hasMessage("timeout must be positive: PT-1S");
    }

    @Test
    void annotationDurationsTakeBothForms() {
        assertThat(Durations.parse("PT2S")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("1m")).isEqualTo(Duration.ofMinutes(1));
        assertThatThrownBy(() -> Durations.parse("soon"))
                .hasMessage("not a duration: 'soon' (use PT2S, 500ms, 2s or 1m)");
    }
}
