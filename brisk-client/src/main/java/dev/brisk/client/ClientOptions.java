package dev.brisk.client;

import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.channel.EventLoopGroup;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings a {@link BriskClient} runs with, as built by {@link BriskClientBuilder}. A zero {@link Duration}
 * means "no limit" for the read, write and call timeouts.
 *
 * @param ioThreads             event loop threads when the client creates its own group
 * @param eventLoopGroup        a shared group to run on instead (not shut down by the client)
 * @param transport             the socket transport of the client's own group (see {@link Transports} for what
 *                              {@link Transport#AUTO} picks)
 * @param connectTimeout        limit for opening a connection
 * @param readTimeout           longest silence while a response is awaited (restarted by every read)
 * @param writeTimeout          limit for writing one request
 * @param callTimeout           limit for a whole call, retries and redirects included
 * @param maxConnectionsPerHost connections per {@code scheme://host:port}, split across the event loops
 * @param maxPendingAcquires    requests per host that may wait for a connection, split across the event loops
 * @param acquireTimeout        how long a request waits for a pooled connection
 * @param idleTimeout           idle connections are closed after this long
 * @param poolExpiry            the pool of a host not used for this long is dropped
 * @param followRedirects       whether 301, 302, 303, 307 and 308 are followed
 * @param maxRedirects          redirects followed per call
 * @param retryPolicy           which failures are retried
 * @param decompression         whether gzip and deflate responses are decoded (and asked for)
 * @param maxResponseSize       the largest response body accepted, in bytes
 * @param defaultHeaders        headers sent with every request unless the request sets them
 * @param codecs                body encoders and decoders
 * @param interceptors          the interceptors added on the builder or found by ServiceLoader, in order (those a
 *                              {@link ClientExtensionFactory} returns join them in the client's chain)
 * @param protocol              which HTTP version to speak (see {@link ProtocolPolicy})
 * @param tls                   trust, client certificate and restrictions for {@code https://} (the server's
 *                              {@link TlsOptions} type)
 * @param proxy                 the proxy connections go through, if any
 * @param expectContinueTimeout how long a request with {@code Expect: 100-continue} waits for the 100 before sending
 *                              its body anyway
 */
public record ClientOptions(int ioThreads, Optional<EventLoopGroup> eventLoopGroup, Transport transport,
                            Duration connectTimeout, Duration readTimeout, Duration writeTimeout, Duration callTimeout,
                            int maxConnectionsPerHost, int maxPendingAcquires, Duration acquireTimeout,
                            Duration idleTimeout, Duration poolExpiry, boolean followRedirects, int maxRedirects,
                            RetryPolicy retryPolicy, boolean decompression, long maxResponseSize,
                            Headers defaultHeaders, Codecs codecs, List<Interceptor> interceptors,
                            ProtocolPolicy protocol, TlsOptions tls, Optional<ProxyOptions> proxy,
                            Duration expectContinueTimeout) {

    /** Validates every component; a message names the option and the offending value. */
    public ClientOptions {
        atLeast(ioThreads, 1, "ioThreads");
        Objects.requireNonNull(eventLoopGroup, "eventLoopGroup");
        Objects.requireNonNull(transport, "transport");
        positive(connectTimeout, "connectTimeout");
        notNegative(readTimeout, "readTimeout");
        notNegative(writeTimeout, "writeTimeout");
        notNegative(callTimeout, "callTimeout");
        atLeast(maxConnectionsPerHost, 1, "maxConnectionsPerHost");
        atLeast(maxPendingAcquires, 0, "maxPendingAcquires");
        positive(acquireTimeout, "acquireTimeout");
        positive(idleTimeout, "idleTimeout");
        positive(poolExpiry, "poolExpiry");
        atLeast(maxRedirects, 0, "maxRedirects");
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        responseSize(maxResponseSize);
        Objects.requireNonNull(defaultHeaders, "defaultHeaders");
        Objects.requireNonNull(codecs, "codecs");
        interceptors = List.copyOf(interceptors);
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(proxy, "proxy");
        positive(expectContinueTimeout, "expectContinueTimeout");
    }

    static int atLeast(int value, int minimum, String name) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be >= " + minimum + ": " + value);
        }
        return value;
    }

    static long responseSize(long maxResponseSize) {
        if (maxResponseSize < 0 || maxResponseSize > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxResponseSize must be in [0, 2 GiB): " + maxResponseSize);
        }
        return maxResponseSize;
    }

    static Duration positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
        return d;
    }

    static Duration notNegative(Duration d, String name) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + d);
        }
        return d;
    }
}
