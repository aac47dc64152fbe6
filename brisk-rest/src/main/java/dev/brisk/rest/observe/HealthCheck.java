package dev.brisk.rest.observe;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * One check of a liveness or readiness route ({@link HealthOptions}): a database ping, a queue's depth, a dependency's
 * state. A check that throws is DOWN, with the exception as its {@code error} detail; one that does not answer within
 * {@link HealthOptions#timeout()} is DOWN too.
 *
 * <pre>{@code
 * HealthCheck db = () -> dataSource.isValid() ? HealthResult.up() : HealthResult.down().withDetail("pool", "empty");
 * HealthCheck remote = HealthCheck.async(() -> client.get("/ping").execute().thenApply(r -> HealthResult.of(r.status() == 200)));
 * }</pre>
 */
@FunctionalInterface
public interface HealthCheck {

    /** Runs the check on the health route's worker thread (it may block briefly). */
    HealthResult check() throws Exception;

    /** The check as a stage; the default runs {@link #check()} on the calling thread. */
    default CompletionStage<HealthResult> checkAsync() {
        try {
            return CompletableFuture.completedFuture(check());
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A check that answers later, e.g. from a non-blocking client. */
    static HealthCheck async(Supplier<? extends CompletionStage<HealthResult>> check) {
        Objects.requireNonNull(check, "check must not be null");
        return new HealthCheck() {
            @Override
            public HealthResult check() throws Exception {
                return checkAsync().toCompletableFuture().get();
            }

            @Override
            public CompletionStage<HealthResult> checkAsync() {
                try {
                    return check.get();
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
        };
    }
}
