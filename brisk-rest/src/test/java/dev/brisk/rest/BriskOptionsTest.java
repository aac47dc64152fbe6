package dev.brisk.rest;

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

/** {@link BriskOptions}: defaults, a builder for every component, errors naming the component and the value. */
class BriskOptionsTest {

    @Test
    void defaults() {
        BriskOptions defaults = BriskOptions.DEFAULT;
        assertThat(defaults.contextPath()).isEmpty();
        assertThat(defaults.defaultScheduler()).isEqualTo(Schedulers.IO);
        assertThat(defaults.controllerScheduler()).isEqualTo(Schedulers.WORKER);
        assertThat(defaults.workerThreads()).isEqualTo(Math.max(8, 2 * Runtime.getRuntime().availableProcessors()));
        assertThat(defaults.workerQueueSize()).isEqualTo(1024);
        assertThat(defaults.maxQueueTime()).isEqualTo(Duration.ofSeconds(3));
        assertThat(defaults.virtualMaxConcurrency()).isEqualTo(10_000);
        assertThat(defaults.formatParameter()).isEqualTo("format");
        assertThat(defaults.sseMaxPending()).isEqualTo(1024 * 1024);
        assertThat(BriskOptions.builder().build()).isEqualTo(defaults);
        assertThat(Brisk.server().options()).isEqualTo(defaults);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        BriskOptions options = BriskOptions.builder().contextPath("/api").defaultScheduler(Schedulers.WORKER)
                .controllerScheduler(Schedulers.VIRTUAL).workerThreads(3).workerQueueSize(4)
                .maxQueueTime(Duration.ofSeconds(5)).virtualMaxConcurrency(6).formatParameter("").sseMaxPending(7).build();
        assertThat(options).isEqualTo(new BriskOptions("/api", Schedulers.WORKER, Schedulers.VIRTUAL, 3, 4,
                Duration.ofSeconds(5), 6, "", 7));
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(Brisk.server().options(options).options()).isEqualTo(options);
    }

    @Test
    void theServerBuilderSetsTheSameComponents() {
        BriskOptions options = Brisk.server().options(o -> o.contextPath("/api").defaultScheduler(Schedulers.WORKER)
                .controllerScheduler(Schedulers.IO).workerThreads(2).workerQueueSize(3).maxQueueTime(Duration.ofSeconds(4)))
                .options();
        assertThat(options).isEqualTo(BriskOptions.builder().contextPath("/api").defaultScheduler(Schedulers.WORKER)
                .controllerScheduler(Schedulers.IO).workerThreads(2).workerQueueSize(3).maxQueueTime(Duration.ofSeconds(4))
                .build());
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                invalid(b -> b.contextPath(null), NullPointerException.class, "contextPath must not be null"),
                invalid(b -> b.contextPath("api"), "contextPath must start with '/' and not end with '/': 'api'"),
                invalid(b -> b.contextPath("/api/"), "contextPath must start with '/' and not end with '/': '/api/'"),
                invalid(b -> b.defaultScheduler(null), NullPointerException.class,
                        "defaultScheduler must not be null"),
                invalid(b -> b.defaultScheduler(" "), "defaultScheduler must name a scheduler: ' '"),
                invalid(b -> b.controllerScheduler(null), NullPointerException.class,
                        "controllerScheduler must not be null"),
                invalid(b -> b.controllerScheduler(""), "controllerScheduler must name a scheduler: ''"),
                invalid(b -> b.workerThreads(0), "workerThreads must be positive: 0"),
                invalid(b -> b.workerQueueSize(-1), "workerQueueSize must be positive: -1"),
                invalid(b -> b.maxQueueTime(null), NullPointerException.class, "maxQueueTime must not be null"),
                invalid(b -> b.maxQueueTime(Duration.ZERO), "maxQueueTime must be positive: PT0S"),
                invalid(b -> b.virtualMaxConcurrency(0), "virtualMaxConcurrency must be positive: 0"),
                invalid(b -> b.formatParameter(null), NullPointerException.class,
                        "formatParameter must not be null"),
                invalid(b -> b.sseMaxPending(0), "sseMaxPending must be positive: 0"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<BriskOptions.Builder> change,
                                                          Class<? extends Exception> type, String message) {
        assertThatThrownBy(() -> change.apply(BriskOptions.builder()).build()).isInstanceOf(type)
                .hasMessage(message);
    }

    @Test
    void theServerBuilderFailsWithTheSameMessagesBeforeBinding() {
        assertThatThrownBy(() -> Brisk.server().port(0).options(o -> o.workerThreads(0).workerQueueSize(1)
                .maxQueueTime(Duration.ofSeconds(1))).start())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("workerThreads must be positive: 0");
    }

    private static Arguments invalid(UnaryOperator<BriskOptions.Builder> change, String message) {
        return invalid(change, IllegalArgumentException.class, message);
    }

    private static Arguments invalid(UnaryOperator<BriskOptions.Builder> change, Class<? extends Exception> type,
                                     String message) {
        return arguments(change, type, message);
    }
}
