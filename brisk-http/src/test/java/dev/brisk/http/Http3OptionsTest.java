package dev.brisk.http;

import dev.brisk.http.internal.bootstrap.SharedPortServer;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link Http3Options}: defaults, a builder for every component, errors naming the component and the value. */
class Http3OptionsTest {

    @Test
    void offByDefaultWithoutEarlyDataOrMigration() {
        assertThat(Http3Options.DEFAULT).isEqualTo(new Http3Options(false, -1, 128, 4L * 1024 * 1024, 1024 * 1024, 0,
                0, false, false));
        assertThat(Http3Options.builder().build()).isEqualTo(Http3Options.DEFAULT);
        assertThat(ServerOptions.DEFAULT.http3()).isEqualTo(Http3Options.DEFAULT);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        Http3Options options = Http3Options.builder().enabled(true).port(0).maxConcurrentStreams(1).initialMaxData(2)
                .initialMaxStreamData(3).qpackMaxTableCapacity(4).qpackBlockedStreams(5).earlyData(true)
                .activeMigration(true).build();
        assertThat(options).isEqualTo(new Http3Options(true, 0, 1, 2, 3, 4, 5, true, true));
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(ServerOptions.builder().tls(TlsOptions.selfSigned()).http3(options).build().http3())
                .isEqualTo(options);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.port(-2), "port must be within [-1, 65535]: -2"),
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.maxConcurrentStreams(0),
                        "maxConcurrentStreams must be positive: 0"),
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.initialMaxData(0),
                        "initialMaxData must be positive: 0"),
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.initialMaxStreamData(0),
                        "initialMaxStreamData must be positive: 0"),
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.qpackMaxTableCapacity(-1),
                        "qpackMaxTableCapacity must not be negative: -1"),
                arguments((UnaryOperator<Http3Options.Builder>) b -> b.qpackBlockedStreams(-1),
                        "qpackBlockedStreams must not be negative: -1"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<Http3Options.Builder> change,
                                                          String message) {
        assertThatThrownBy(() -> change.apply(Http3Options.builder()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void http3NeedsTlsAndAPortOfItsOwn() {
        assertThatThrownBy(() -> ServerOptions.builder().http3(h -> h.enabled(true)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("http3 needs tls: QUIC carries TLS 1.3 only, and no TLS options are set");
        ServerOptions options = ServerOptions.builder().tls(TlsOptions.selfSigned()).http3(h -> h.enabled(true))
                .build();
        assertThatThrownBy(() -> new SharedPortServer(options, request -> request.response().send()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("http3 needs a UDP socket");
    }
}
