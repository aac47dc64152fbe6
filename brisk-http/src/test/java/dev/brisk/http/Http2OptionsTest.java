package dev.brisk.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link Http2Options}: defaults, a builder for every component, errors naming the component and the value. */
class Http2OptionsTest {

    @Test
    void defaultsAndDisabled() {
        assertThat(Http2Options.DEFAULT).isEqualTo(new Http2Options(true, true, 128, 8192, 16384, 1024 * 1024));
        assertThat(Http2Options.DISABLED).isEqualTo(new Http2Options(false, false, 128, 8192, 16384, 1024 * 1024));
        assertThat(Http2Options.builder().build()).isEqualTo(Http2Options.DEFAULT);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        Http2Options options = Http2Options.builder().enabled(true).cleartext(false).maxConcurrentStreams(1)
                .maxHeaderListSize(2).maxFrameSize(16777215).initialWindowSize(0).build();
        assertThat(options).isEqualTo(new Http2Options(true, false, 1, 2, 16777215, 0));
        assertThat(options.toBuilder().build()).isEqualTo(options);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments((UnaryOperator<Http2Options.Builder>) b -> b.maxConcurrentStreams(0),
                        "maxConcurrentStreams must be positive: 0"),
                arguments((UnaryOperator<Http2Options.Builder>) b -> b.maxHeaderListSize(0),
                        "maxHeaderListSize must be positive: 0"),
                arguments((UnaryOperator<Http2Options.Builder>) b -> b.maxFrameSize(16383),
                        "maxFrameSize must be within [16384, 16777215]: 16383"),
                arguments((UnaryOperator<Http2Options.Builder>) b -> b.maxFrameSize(16777216),
                        "maxFrameSize must be within [16384, 16777215]: 16777216"),
                arguments((UnaryOperator<Http2Options.Builder>) b -> b.initialWindowSize(-1),
                        "initialWindowSize must not be negative: -1"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<Http2Options.Builder> change,
                                                          String message) {
        assertThatThrownBy(() -> change.apply(Http2Options.builder()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
