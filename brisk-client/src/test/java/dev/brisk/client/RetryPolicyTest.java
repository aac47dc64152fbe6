package dev.brisk.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link RetryPolicy}: defaults, a builder for every component, errors naming the component and the value. */
class RetryPolicyTest {

    @Test
    void defaultsAndNone() {
        assertThat(RetryPolicy.DEFAULT.maxRetries()).isEqualTo(1);
        assertThat(RetryPolicy.DEFAULT.initialBackoff()).isZero();
        assertThat(RetryPolicy.DEFAULT.maxBackoff()).isEqualTo(Duration.ofSeconds(2));
        assertThat(RetryPolicy.DEFAULT.backoffNanos(1)).isZero();
        assertThat(RetryPolicy.builder().build()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(RetryPolicy.NONE).isEqualTo(RetryPolicy.builder().maxRetries(0).build());
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        RetryPolicy.Condition always = (request, failure) -> true;
        RetryPolicy policy = RetryPolicy.builder().maxRetries(3).condition(always)
                .initialBackoff(Duration.ofMillis(100)).maxBackoff(Duration.ofMillis(300)).build();
        assertThat(policy).isEqualTo(new RetryPolicy(3, always, Duration.ofMillis(100), Duration.ofMillis(300)));
        assertThat(policy.toBuilder().build()).isEqualTo(policy);
        assertThat(RetryPolicy.builder().condition(always).backoff(Duration.ofMillis(100), Duration.ofMillis(300))
                .maxRetries(3).build()).isEqualTo(policy);
    }

    @Test
    void backoffDoublesWithJitterUpToTheCap() {
        RetryPolicy policy = RetryPolicy.builder().backoff(Duration.ofMillis(100), Duration.ofMillis(300)).build();
        assertThat(policy.backoffNanos(1)).isBetween(Duration.ofMillis(50).toNanos(), Duration.ofMillis(100).toNanos());
        assertThat(policy.backoffNanos(2)).isBetween(Duration.ofMillis(100).toNanos(),
                Duration.ofMillis(200).toNanos());
        assertThat(policy.backoffNanos(40)).isBetween(Duration.ofMillis(150).toNanos(),
                Duration.ofMillis(300).toNanos());
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                invalid(b -> b.maxRetries(-1), "maxRetries must not be negative: -1"),
                invalid(b -> b.condition(null), NullPointerException.class, "condition must not be null"),
                invalid(b -> b.initialBackoff(null), NullPointerException.class, "initialBackoff must not be null"),
                invalid(b -> b.maxBackoff(null), NullPointerException.class, "maxBackoff must not be null"),
                invalid(b -> b.initialBackoff(Duration.ofMillis(-1)), "initialBackoff must not be negative: PT-0.001S"),
                invalid(b -> b.backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)),
                        "maxBackoff must be >= initialBackoff (PT2S): PT1S"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<RetryPolicy.Builder> change,
                                                          Class<? extends Exception> type, String message) {
        assertThatThrownBy(() -> change.apply(RetryPolicy.builder()).build()).isInstanceOf(type).hasMessage(message);
    }

    private static Arguments invalid(UnaryOperator<RetryPolicy.Builder> change, String message) {
        return invalid(change, IllegalArgumentException.class, message);
    }

    private static Arguments invalid(UnaryOperator<RetryPolicy.Builder> change, Class<? extends Exception> type,
                                     String message) {
        return arguments(change, type, message);
    }
}
