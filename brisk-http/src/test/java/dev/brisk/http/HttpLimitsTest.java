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

/** {@link HttpLimits}: defaults, a builder for every component, errors naming the component and the value. */
class HttpLimitsTest {

    @Test
    void defaults() {
        assertThat(HttpLimits.DEFAULT).isEqualTo(new HttpLimits(4096, 8192, 4L * 1024 * 1024, 64, 16L * 1024 * 1024));
        assertThat(HttpLimits.builder().build()).isEqualTo(HttpLimits.DEFAULT);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        HttpLimits limits = HttpLimits.builder().maxInitialLineLength(1).maxHeaderSize(2).maxBodySize(0)
                .maxPipelinedRequests(4).maxConnectionBuffer(5).build();
        assertThat(limits).isEqualTo(new HttpLimits(1, 2, 0, 4, 5));
        assertThat(limits.toBuilder().build()).isEqualTo(limits);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments((UnaryOperator<HttpLimits.Builder>) b -> b.maxInitialLineLength(0),
                        "maxInitialLineLength must be positive: 0"),
                arguments((UnaryOperator<HttpLimits.Builder>) b -> b.maxHeaderSize(-1),
                        "maxHeaderSize must be positive: -1"),
                arguments((UnaryOperator<HttpLimits.Builder>) b -> b.maxBodySize(-1),
                        "maxBodySize must not be negative: -1"),
                arguments((UnaryOperator<HttpLimits.Builder>) b -> b.maxPipelinedRequests(0),
                        "maxPipelinedRequests must be positive: 0"),
                arguments((UnaryOperator<HttpLimits.Builder>) b -> b.maxConnectionBuffer(0),
                        "maxConnectionBuffer must be positive: 0"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<HttpLimits.Builder> change, String message) {
        assertThatThrownBy(() -> change.apply(HttpLimits.builder()).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
