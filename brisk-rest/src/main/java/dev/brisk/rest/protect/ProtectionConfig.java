package dev.brisk.rest.protect;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.Route;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * The server's protection against overload and unwanted clients, set with
 * {@code Brisk.server().protection(p -> p.concurrencyLimit(..).ipFilter(..))}; the values end up in a
 * {@link ProtectionOptions}. What is not set costs nothing per request.
 */
public interface ProtectionConfig {

    /** Takes every protection setting from {@code options}; later calls change single ones. */
    ProtectionConfig options(ProtectionOptions options);

    /** The protection settings as configured so far. */
    ProtectionOptions options();

    /**
     * Requests in progress at once over the whole server; beyond it a request is answered {@code 503} with
     * {@code Retry-After} before its filters run, never queued; default none. Routes may have limits of their own
     * ({@link Route.Builder#concurrencyLimit}, {@link MaxConcurrency}).
     */
    ProtectionConfig concurrencyLimit(ConcurrencyLimit limit);

    /**
     * Requests the server's concurrency limit neither counts nor refuses, e.g. health probes that must answer while
     * the server is busy: {@code concurrencyLimitExempt(r -> r.path().startsWith("/health"))}.
     */
    ProtectionConfig concurrencyLimitExempt(Predicate<ServerRequest> exempt);

    /** Sheds requests while the process CPU is overloaded ({@link LoadShedding}); default off. */
    ProtectionConfig loadShedding(LoadShedding shedding);

    /**
     * Timeout of every route without one of its own ({@link Route.Builder#timeout}, {@link RequestTimeout}); default
     * none.
     */
    ProtectionConfig requestTimeout(Duration timeout);

    /** Adds a filter of client addresses (403 when refused); every filter whose paths match must admit. */
    ProtectionConfig ipFilter(IpFilter filter);

    /**
     * CIDR ranges of the proxies in front of the server, whose reports of the client's address
     * ({@link #forwardedHeader}) the IP filters, the access log and tracing believe; default none: the connection's
     * peer is the client.
     */
    ProtectionConfig trustedProxies(String... ranges);

    /**
     * The header the trusted proxies write the client's address to, the only one read; default
     * {@link ForwardedHeader#X_FORWARDED_FOR}. Choose {@link ForwardedHeader#FORWARDED} only when every trusted proxy
     * writes {@code Forwarded}: a header the proxy does not write is the client's own.
     */
    ProtectionConfig forwardedHeader(ForwardedHeader header);

    /** {@code Retry-After} of requests refused by a concurrency limit or load shedding; default 1 s. */
    ProtectionConfig retryAfter(Duration retryAfter);
}
