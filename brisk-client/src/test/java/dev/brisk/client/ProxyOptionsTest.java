package dev.brisk.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link ProxyOptions}: factories, a builder for every component, errors naming the component and the value. */
class ProxyOptionsTest {

    @Test
    void factoriesAndTheirCopies() {
        ProxyOptions http = ProxyOptions.http("proxy.test", 3128);
        assertThat(http).isEqualTo(new ProxyOptions(ProxyOptions.Type.HTTP, "proxy.test", 3128, null, null, List.of()));
        assertThat(ProxyOptions.socks5("socks.test", 1080).type()).isEqualTo(ProxyOptions.Type.SOCKS5);
        ProxyOptions full = http.credentials("user", "secret").noProxy(" LocalHost ", "", "*.Internal");
        assertThat(full).isEqualTo(new ProxyOptions(ProxyOptions.Type.HTTP, "proxy.test", 3128, "user", "secret",
                List.of("localhost", "*.internal")));
        assertThat(full.toString()).contains("with credentials").doesNotContain("secret");
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        ProxyOptions options = ProxyOptions.builder().type(ProxyOptions.Type.SOCKS5).host("socks.test").port(1080)
                .username("u").password("p").noProxy(List.of("a.test")).build();
        assertThat(options).isEqualTo(new ProxyOptions(ProxyOptions.Type.SOCKS5, "socks.test", 1080, "u", "p",
                List.of("a.test")));
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.toBuilder().username(null).password(null).build().username()).isNull();
    }

    @Test
    void noProxyPatternsBypassTheProxy() {
        ProxyOptions proxy = ProxyOptions.http("p", 1).noProxy("*.internal", ".corp", "exact.host");
        assertThat(proxy.appliesTo("api.internal")).isFalse();
        assertThat(proxy.appliesTo("corp")).isFalse();
        assertThat(proxy.appliesTo("EXACT.host")).isFalse();
        assertThat(proxy.appliesTo("example.com")).isTrue();
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                invalid(b -> b.type(null), NullPointerException.class, "type must not be null"),
                invalid(b -> b.host(null), NullPointerException.class, "host must not be null"),
                invalid(b -> b.host(" "), "host must not be blank: ' '"),
                invalid(b -> b.port(0), "port must be within [1, 65535]: 0"),
                invalid(b -> b.port(65536), "port must be within [1, 65535]: 65536"),
                invalid(b -> b.username("u"), "password must be set with username 'u': null"),
                invalid(b -> b.password("p"), "username must be set with a password: null"),
                invalid(b -> b.noProxy(null), NullPointerException.class, "noProxy must not be null"),
                invalid(b -> b.noProxy(Arrays.asList("a", null)), NullPointerException.class,
                        "noProxy must not contain null: [a, null]"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<ProxyOptions.Builder> change,
                                                          Class<? extends Exception> type, String message) {
        assertThatThrownBy(() -> change.apply(ProxyOptions.http("proxy.test", 3128).toBuilder()).build())
                .isInstanceOf(type).hasMessage(message);
    }

    @Test
    void theFactoriesFailWithTheSameMessages() {
        assertThatThrownBy(() -> ProxyOptions.http("", 80)).hasMessage("host must not be blank: ''");
        assertThatThrownBy(() -> ProxyOptions.socks5("s", 0)).hasMessage("port must be within [1, 65535]: 0");
        assertThatThrownBy(() -> ProxyOptions.http("p", 1).credentials(null, "x"))
                .isInstanceOf(NullPointerException.class).hasMessage("username must not be null");
    }

    private static Arguments invalid(UnaryOperator<ProxyOptions.Builder> change, String message) {
        return invalid(change, IllegalArgumentException.class, message);
    }

    private static Arguments invalid(UnaryOperator<ProxyOptions.Builder> change, Class<? extends Exception> type,
                                     String message) {
        return arguments(change, type, message);
    }
}
