package dev.brisk.spring.boot;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * A bean that makes one of the application's executors a Brisk scheduler, for routes that name it
 * ({@code @RunOn("reports")}) or for {@code brisk.controller-scheduler} / {@code brisk.default-scheduler}.
 *
 * <pre>{@code
 * @Bean
 * BriskScheduler reports(ThreadPoolTaskExecutor reportExecutor) {
 *     return new BriskScheduler("reports", reportExecutor);
 * }
 * }</pre>
 *
 * @param name     the name routes refer to
 * @param executor runs the handlers; a rejection answers 503
 */
public record BriskScheduler(String name, Executor executor) {

    public BriskScheduler {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(executor, "executor");
    }
}
