package dev.brisk.client;

import io.netty.handler.codec.http.HttpMethod;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When a failed request is sent again. The {@link #DEFAULT} retries once, at once, and only when doing so cannot
 * duplicate work on the server (see {@link #isSafeToRetry(HttpRequest, Throwable)}). Responses, whatever their status,
 * are never retried. Backoff delays run on the event loop's scheduler; nothing sleeps.
 */
public final class RetryPolicy {

    /** Decides whether one failure is worth another attempt. */
    @FunctionalInterface
    public interface Condition {

        /** Whether to send {@code request} again after {@code failure} (a {@link HttpClientException} mostly). */
        boolean shouldRetry(HttpRequest request, Throwable failure);
    }

    /** One retry, no delay, only when safe. */
    public static final RetryPolicy DEFAULT = builder().build();

    /** Never retries. */
    public static final RetryPolicy NONE = builder().maxRetries(0).build();

    private final int maxRetries;
    private final Condition condition;
    private final long initialBackoffNanos;
    private final long maxBackoffNanos;

    private RetryPolicy(Builder builder) {
        this.maxRetries = builder.maxRetries;
        this.condition = builder.condition;
        this.initialBackoffNanos = builder.initialBackoff.toNanos();
        this.maxBackoffNanos = builder.maxBackoff.toNanos();
    }

    /** A builder starting from the default: one retry, no backoff, {@link #isSafeToRetry}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The default condition: retry when the request certainly did not reach the server (connection refused, host not
     * resolved, connect timeout), or, for an idempotent method (GET, HEAD, OPTIONS, PUT, DELETE, TRACE), when a reused
     * keep-alive connection closed before any response byte arrived. An HTTP/2 stream the server did not process
     * ({@link StreamRefusedException}) is retried whatever the method. TLS handshake and proxy authentication
     * failures are not retried (they would fail again), nor are pool exhaustion and acquire
     * timeouts, and a POST or PATCH that may have been sent never is.
     */
    public static boolean isSafeToRetry(HttpRequest request, Throwable failure) {
        if (failure instanceof TlsHandshakeException || failure instanceof ProxyAuthenticationException) {
            return false; // the same handshake or credentials would fail again
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

    /** Retries after the first attempt; 0 disables retrying. */
    public int maxRetries() {
        return maxRetries;
    }

    /** The condition a failure must meet. */
    public Condition condition() {
        return condition;
    }

    /**
     * The delay before retry number {@code retry} (1 for the first): exponential from the initial backoff, capped,
     * with half of it randomised; zero when no backoff is configured.
     */
    public long backoffNanos(int retry) {
        if (initialBackoffNanos <= 0) {
            return 0;
        }
        long delay = initialBackoffNanos << Math.min(retry - 1, 30);
        if (delay <= 0 || delay > maxBackoffNanos) {
            delay = maxBackoffNanos;
        }
        long half = delay / 2;
        return half + ThreadLocalRandom.current().nextLong(half + 1);
    }

    @Override
    public String toString() {
        return "RetryPolicy[maxRetries=" + maxRetries + ", initialBackoff=" + Duration.ofNanos(initialBackoffNanos)
                + ", maxBackoff=" + Duration.ofNanos(maxBackoffNanos) + "]";
    }

    /** Builds a {@link RetryPolicy}. */
    public static final class Builder {
        private int maxRetries = 1;
        private Condition condition = RetryPolicy::isSafeToRetry;
        private Duration initialBackoff = Duration.ZERO;
        private Duration maxBackoff = Duration.ofSeconds(2);

        private Builder() {
        }

        /** Retries after the first attempt; default 1. */
        public Builder maxRetries(int maxRetries) {
            if (maxRetries < 0) {
                throw new IllegalArgumentException("maxRetries must be >= 0: " + maxRetries);
            }
            this.maxRetries = maxRetries;
            return this;
        }

        /** Which failures to retry; default {@link RetryPolicy#isSafeToRetry}. */
        public Builder condition(Condition condition) {
            this.condition = Objects.requireNonNull(condition, "condition");
            return this;
        }

        /** Exponential backoff from {@code initial}, capped at {@code max}, with jitter; default none. */
        public Builder backoff(Duration initial, Duration max) {
            if (initial.isNegative() || max.compareTo(initial) < 0) {
                throw new IllegalArgumentException("backoff needs 0 <= initial <= max: " + initial + ", " + max);
            }
            this.initialBackoff = initial;
            this.maxBackoff = max;
            return this;
        }

        public RetryPolicy build() {
            return new RetryPolicy(this);
        }
    }
}
