package dev.brisk.client;

import io.netty.handler.codec.http.HttpMethod;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When a failed request is sent again. The {@link #DEFAULT} retries once, at once, and only when doing so cannot
 * duplicate work on the server (see {@link #isSafeToRetry(HttpRequest, Throwable)}). Responses, whatever their status,
 * are never retried. Backoff delays run on the event loop's scheduler; nothing sleeps.
 *
 * <pre>{@code RetryPolicy.builder().maxRetries(3).backoff(Duration.ofMillis(50), Duration.ofSeconds(1)).build()}</pre>
 *
 * @param maxRetries     retries after the first attempt; 0 disables retrying
 * @param condition      the condition a failure must meet
 * @param initialBackoff the delay before the first retry, doubled for each further one; zero for none
 * @param maxBackoff     the longest delay between two attempts
 */
public record RetryPolicy(int maxRetries, Condition condition, Duration initialBackoff, Duration maxBackoff) {

    /** Decides whether one failure is worth another attempt. */
    @FunctionalInterface
    public interface Condition {

        /** Whether to send {@code request} again after {@code failure} (a {@link HttpClientException} mostly). */
        boolean shouldRetry(HttpRequest request, Throwable failure);
    }

    /** One retry, no delay, only when safe; backoff capped at 2 s once an initial delay is set. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(1, RetryPolicy::isSafeToRetry, Duration.ZERO,
            Duration.ofSeconds(2));

    /** Never retries. */
    public static final RetryPolicy NONE = DEFAULT.toBuilder().maxRetries(0).build();

    /** Validates every component; a message names the component and the offending value. */
    public RetryPolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative: " + maxRetries);
        }
        Objects.requireNonNull(condition, "condition must not be null");
        Objects.requireNonNull(initialBackoff, "initialBackoff must not be null");
        Objects.requireNonNull(maxBackoff, "maxBackoff must not be null");
        if (initialBackoff.isNegative()) {
            throw new IllegalArgumentException("initialBackoff must not be negative: " + initialBackoff);
        }
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("maxBackoff must be >= initialBackoff (" + initialBackoff + "): "
                    + maxBackoff);
        }
    }

    /** A builder starting from the default: one retry, no backoff, {@link #isSafeToRetry}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding this policy, to change some of it. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * The default condition: retry when the request certainly did not reach the server and the connect failed fast
     * (connection refused or reset, host not resolved), or, for an idempotent method (GET, HEAD, OPTIONS, PUT, DELETE, TRACE), when a reused
     * keep-alive connection closed before any response byte arrived. An HTTP/2 stream the server did not process
     * ({@link StreamRefusedException}) is retried whatever the method. TLS handshake and proxy authentication
     * failures are not retried (they would fail again), nor is a {@link ClientConnectTimeoutException} (it has used the
     * whole connect timeout; another attempt would silently double it), nor are pool exhaustion and acquire
     * timeouts, and a POST or PATCH that may have been sent never is.
     */
    public static boolean isSafeToRetry(HttpRequest request, Throwable failure) {
        if (failure instanceof TlsHandshakeException || failure instanceof ProxyAuthenticationException) {
            return false; // the same handshake or credentials would fail again
        }
        if (failure instanceof ClientConnectTimeoutException) {
            return false; // the connect timeout bounds the wait for a connection
        }
        if (failure instanceof ClientConnectException || failure instanceof StreamRefusedException) {
            return true;
        }
        if (failure instanceof ConnectionClosedException closed) {
            return closed.reusedConnection() && !closed.responseStarted() && isIdempotent(request.method());
        }
        return false;
    }

    /** Whether RFC 9110 calls {@code method} idempotent. */
    public static boolean isIdempotent(HttpMethod method) {
        return switch (method.name()) {
            case "GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE" -> true;
            default -> false;
        };
    }

    /**
     * The delay before retry number {@code retry} (1 for the first): exponential from the initial backoff, capped,
     * with half of it randomised; zero when no backoff is configured.
     */
    public long backoffNanos(int retry) {
        if (initialBackoff.isZero()) {
            return 0;
        }
        long maxBackoffNanos = maxBackoff.toNanos();
        long delay = initialBackoff.toNanos() << Math.min(retry - 1, 30);
        if (delay <= 0 || delay > maxBackoffNanos) {
            delay = maxBackoffNanos;
        }
        long half = delay / 2;
        return half + ThreadLocalRandom.current().nextLong(half + 1);
    }

    /** Retries and backoff (the condition, a lambda mostly, says nothing readable). */
    @Override
    public String toString() {
        return "RetryPolicy[maxRetries=" + maxRetries + ", initialBackoff=" + initialBackoff + ", maxBackoff="
                + maxBackoff + "]";
    }

    /** Builds a {@link RetryPolicy}; {@link #build()} validates. */
    public static final class Builder {
        private int maxRetries;
        private Condition condition;
        private Duration initialBackoff;
        private Duration maxBackoff;

        private Builder(RetryPolicy policy) {
            maxRetries = policy.maxRetries;
            condition = policy.condition;
            initialBackoff = policy.initialBackoff;
            maxBackoff = policy.maxBackoff;
        }

        /** Retries after the first attempt; default 1. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        /** Which failures to retry; default {@link RetryPolicy#isSafeToRetry}. */
        public Builder condition(Condition condition) {
            this.condition = condition;
            return this;
        }

        /** The delay before the first retry, doubled for each further one (with jitter); default zero, none. */
        public Builder initialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
            return this;
        }

        /** The cap of the delay; default 2 s. */
        public Builder maxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
            return this;
        }

        /** Exponential backoff from {@code initial}, capped at {@code max}, with jitter. */
        public Builder backoff(Duration initial, Duration max) {
            return initialBackoff(initial).maxBackoff(max);
        }

        public RetryPolicy build() {
            return new RetryPolicy(maxRetries, condition, initialBackoff, maxBackoff);
        }
    }
}
