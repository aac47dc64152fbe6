package dev.brisk.rest.protect;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.internal.protect.Cidr;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Server-wide protection of a {@link BriskServer}: a concurrency limit, CPU load shedding, a default request timeout,
 * IP filters and the proxies trusted to report client addresses. Everything is off by default, and what is off costs
 * nothing per request: the server decides at startup which checks exist. Set the parts on
 * {@link BriskServer.Builder#protection} one by one ({@link ProtectionConfig}), or all at once.
 *
 * @param concurrencyLimit requests in progress at once over the whole server; default none
 * @param limitExempt      requests the server's concurrency limit neither counts nor refuses, e.g. health probes
 *                         that must answer while the server is busy; default none
 * @param loadShedding     CPU load shedding; default none
 * @param requestTimeout   timeout of routes without one of their own; default none
 * @param ipFilters        client address rules by path; default none
 * @param trustedProxies   CIDR ranges of proxies whose reports are believed when finding a client's address; default
 *                         none (the peer is the client)
 * @param forwardedHeader  the header those proxies write the client's address to, the only one read; default
 *                         {@link ForwardedHeader#X_FORWARDED_FOR}
 * @param retryAfter       the {@code Retry-After} of requests refused for overload (limits, shedding), whole
 *                         seconds; default 1 s
 */
public record ProtectionOptions(Optional<ConcurrencyLimit> concurrencyLimit, Predicate<ServerRequest> limitExempt,
                                Optional<LoadShedding> loadShedding, Optional<Duration> requestTimeout,
                                List<IpFilter> ipFilters, List<String> trustedProxies,
                                ForwardedHeader forwardedHeader, Duration retryAfter) {

    private static final Predicate<ServerRequest> NONE = request -> false;

    /** Nothing on. */
    public static final ProtectionOptions DEFAULT = new ProtectionOptions(Optional.empty(), NONE, Optional.empty(),
            Optional.empty(), List.of(), List.of(), ForwardedHeader.X_FORWARDED_FOR, Duration.ofSeconds(1));

    /** Validates every component; a message names the component and the offending value. */
    public ProtectionOptions {
        Objects.requireNonNull(concurrencyLimit, "concurrencyLimit must not be null");
        Objects.requireNonNull(limitExempt, "limitExempt must not be null");
        Objects.requireNonNull(loadShedding, "loadShedding must not be null");
        Objects.requireNonNull(requestTimeout, "requestTimeout must not be null");
        requestTimeout.ifPresent(timeout -> {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("requestTimeout must be positive: " + timeout);
            }
        });
        ipFilters = List.copyOf(Objects.requireNonNull(ipFilters, "ipFilters must not be null"));
        trustedProxies = List.copyOf(Objects.requireNonNull(trustedProxies, "trustedProxies must not be null"));
        trustedProxies.forEach(Cidr::parse);
        Objects.requireNonNull(forwardedHeader, "forwardedHeader must not be null");
        Objects.requireNonNull(retryAfter, "retryAfter must not be null");
        if (retryAfter.isNegative() || retryAfter.toNanos() % 1_000_000_000L != 0) {
            throw new IllegalArgumentException("retryAfter must be whole seconds, not negative: " + retryAfter);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link ProtectionOptions}; {@link #build()} validates. */
    public static final class Builder {
        private Optional<ConcurrencyLimit> concurrencyLimit;
        private Predicate<ServerRequest> limitExempt;
        private Optional<LoadShedding> loadShedding;
        private Optional<Duration> requestTimeout;
        private List<IpFilter> ipFilters;
        private List<String> trustedProxies;
        private ForwardedHeader forwardedHeader;
        private Duration retryAfter;

        private Builder(ProtectionOptions options) {
            concurrencyLimit = options.concurrencyLimit;
            limitExempt = options.limitExempt;
            loadShedding = options.loadShedding;
            requestTimeout = options.requestTimeout;
            ipFilters = options.ipFilters;
            trustedProxies = options.trustedProxies;
            forwardedHeader = options.forwardedHeader;
            retryAfter = options.retryAfter;
        }

        public Builder concurrencyLimit(ConcurrencyLimit concurrencyLimit) {
            this.concurrencyLimit = Optional.of(Objects.requireNonNull(concurrencyLimit,
                    "concurrencyLimit must not be null"));
            return this;
        }

        public Builder concurrencyLimit(Optional<ConcurrencyLimit> concurrencyLimit) {
            this.concurrencyLimit = concurrencyLimit;
            return this;
        }

        /** Requests the server's concurrency limit leaves alone, e.g. {@code r -> r.path().startsWith("/health")}. */
        public Builder limitExempt(Predicate<ServerRequest> limitExempt) {
            this.limitExempt = limitExempt;
            return this;
        }

        public Builder loadShedding(LoadShedding loadShedding) {
            this.loadShedding = Optional.of(Objects.requireNonNull(loadShedding, "loadShedding must not be null"));
            return this;
        }

        public Builder loadShedding(Optional<LoadShedding> loadShedding) {
            this.loadShedding = loadShedding;
            return this;
        }

        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = Optional.of(Objects.requireNonNull(requestTimeout,
                    "requestTimeout must not be null"));
            return this;
        }

        public Builder requestTimeout(Optional<Duration> requestTimeout) {
            this.requestTimeout = requestTimeout;
            return this;
        }

        public Builder ipFilters(List<IpFilter> ipFilters) {
            this.ipFilters = ipFilters;
            return this;
        }

        /** Adds an IP filter to those set so far. */
        public Builder addIpFilter(IpFilter ipFilter) {
            List<IpFilter> all = new ArrayList<>(ipFilters);
            all.add(Objects.requireNonNull(ipFilter, "ipFilter must not be null"));
            this.ipFilters = all;
            return this;
        }

        public Builder trustedProxies(List<String> trustedProxies) {
            this.trustedProxies = trustedProxies;
            return this;
        }

        /** The header the trusted proxies write the client's address to; default {@code X-Forwarded-For}. */
        public Builder forwardedHeader(ForwardedHeader forwardedHeader) {
            this.forwardedHeader = forwardedHeader;
            return this;
        }

        public Builder retryAfter(Duration retryAfter) {
            this.retryAfter = retryAfter;
            return this;
        }

        public ProtectionOptions build() {
            return new ProtectionOptions(concurrencyLimit, limitExempt, loadShedding, requestTimeout, ipFilters,
                    trustedProxies, forwardedHeader, retryAfter);
        }
    }
}
