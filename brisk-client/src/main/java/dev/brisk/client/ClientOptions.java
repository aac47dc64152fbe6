package dev.brisk.client;

import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpHeaderNames;

import java.net.CookieHandler;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.StringJoiner;

import java.lang.reflect.RecordComponent;
import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;
import static dev.brisk.transport.spi.Checks.within;

/**
 * The settings a {@link BriskClient} runs with, each set and documented with its default on {@link Builder}:
 * {@code BriskClient.builder().options(o -> o.connectTimeout(Duration.ofSeconds(2))).build()}, or as a whole with
 * {@link #builder()} and handed to {@link BriskClient.Builder#options(ClientOptions)}. A zero
 * {@link Duration} means "no limit" for the read, write and call timeouts.
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
 * @param baseUri               what relative request targets resolve against, if anything (absolute, with a host)
 * @param cookieHandler         where cookies from responses are stored and those for requests come from, if anywhere
 * @param http3FallbackDelay    how long a QUIC handshake with an HTTP/3 alternative learnt from {@code Alt-Svc} may
 *                              take before the connection is opened over TCP instead ({@link ProtocolPolicy#H3_ALT_SVC})
 */
public record ClientOptions(int ioThreads, Optional<EventLoopGroup> eventLoopGroup, Transport transport,
                            Duration connectTimeout, Duration readTimeout, Duration writeTimeout, Duration callTimeout,
                            int maxConnectionsPerHost, int maxPendingAcquires, Duration acquireTimeout,
                            Duration idleTimeout, Duration poolExpiry, boolean followRedirects, int maxRedirects,
                            RetryPolicy retryPolicy, boolean decompression, long maxResponseSize,
                            Headers defaultHeaders, Codecs codecs, List<Interceptor> interceptors,
                            ProtocolPolicy protocol, TlsOptions tls, Optional<ProxyOptions> proxy,
                            Duration expectContinueTimeout, Optional<URI> baseUri,
                            Optional<CookieHandler> cookieHandler, Duration http3FallbackDelay) {

    static {
        // the default headers below are Netty's: Brisk's Netty defaults first, as the client applies them
        NettyDefaults.apply();
    }

    /** The largest response body a client can hold: the largest array a JVM allocates. */
    private static final long MAX_RESPONSE_SIZE = Integer.MAX_VALUE - 8;

    /** The headers sent with every request by default: {@code User-Agent}. */
    static final Headers DEFAULT_HEADERS = Headers.copyOf(WritableHeaders.create()
            .set(HttpHeaderNames.USER_AGENT, "brisk-client/0.1"));

    /** Validates every component; a message names the component and the offending value. */
    public ClientOptions {
        positive(ioThreads, "ioThreads");
        notNull(eventLoopGroup, "eventLoopGroup");
        notNull(transport, "transport");
        positive(connectTimeout, "connectTimeout");
        notNegative(readTimeout, "readTimeout");
        notNegative(writeTimeout, "writeTimeout");
        notNegative(callTimeout, "callTimeout");
        positive(maxConnectionsPerHost, "maxConnectionsPerHost");
        notNegative(maxPendingAcquires, "maxPendingAcquires");
        positive(acquireTimeout, "acquireTimeout");
        positive(idleTimeout, "idleTimeout");
        positive(poolExpiry, "poolExpiry");
        notNegative(maxRedirects, "maxRedirects");
        notNull(retryPolicy, "retryPolicy");
        within(maxResponseSize, 0, MAX_RESPONSE_SIZE, "maxResponseSize");
        notNull(defaultHeaders, "defaultHeaders");
        notNull(codecs, "codecs");
        notNull(interceptors, "interceptors");
        for (Interceptor interceptor : interceptors) {
            notNull(interceptor, "interceptors element");
        }
        interceptors = List.copyOf(interceptors);
        notNull(protocol, "protocol");
        notNull(tls, "tls");
        notNull(proxy, "proxy");
        positive(expectContinueTimeout, "expectContinueTimeout");
        notNull(baseUri, "baseUri");
        baseUri.ifPresent(ClientOptions::checkBase);
        notNull(cookieHandler, "cookieHandler");
        positive(http3FallbackDelay, "http3FallbackDelay");
    }

    static void checkBase(URI base) {
        if (!base.isAbsolute() || base.getHost() == null || base.isOpaque()) {
            throw new IllegalArgumentException("baseUri must be absolute with a host: \"" + base + "\"");
        }
        if (base.getRawQuery() != null || base.getRawFragment() != null) {
            throw new IllegalArgumentException("baseUri must have no query or fragment: \"" + base + "\"");
        }
    }

    /** Every option, with the values of credential headers among the default headers replaced by {@code ***}. */
    @Override
    public String toString() {
        StringJoiner out = new StringJoiner(", ", "ClientOptions[", "]");
        for (RecordComponent component : ClientOptions.class.getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(this);
            } catch (ReflectiveOperationException e) {
                value = "?";
            }
            out.add(component.getName() + "=" + (value instanceof Headers headers ? redacted(headers) : value));
        }
        return out.toString();
    }

    private static String redacted(Headers headers) {
        StringJoiner out = new StringJoiner(", ", "[", "]");
        headers.forEach((name, value) -> out.add(name + ": "
                + (HttpHeaderNames.AUTHORIZATION.contentEqualsIgnoreCase(name)
                || HttpHeaderNames.PROXY_AUTHORIZATION.contentEqualsIgnoreCase(name) ? "***" : value)));
        return out.toString();
    }

    /**
     * The defaults, as {@link Builder} documents them, without interceptors. Built afresh on each call, with
     * new {@link Codecs#defaults() codecs}.
     */
    public static ClientOptions defaults() {
        return builder().build();
    }

    /** A builder starting from the {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds {@link ClientOptions}, a setter per component, each documented with its default; {@link #build()}
     * validates. A client is usually configured through
     * {@link BriskClient.Builder#options(java.util.function.Consumer)}.
     */
    public static final class Builder {
        private int ioThreads = Math.max(1, Runtime.getRuntime().availableProcessors());
        private Optional<EventLoopGroup> eventLoopGroup = Optional.empty();
        private Transport transport = Transport.AUTO;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration readTimeout = Duration.ofSeconds(30);
        private Duration writeTimeout = Duration.ofSeconds(30);
        private Duration callTimeout = Duration.ZERO;
        private int maxConnectionsPerHost = 128;
        private int maxPendingAcquires = 1024;
        private Duration acquireTimeout = Duration.ofSeconds(10);
        private Duration idleTimeout = Duration.ofSeconds(30);
        private Duration poolExpiry = Duration.ofMinutes(10);
        private boolean followRedirects = true;
        private int maxRedirects = 5;
        private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
        private boolean decompression = true;
        private long maxResponseSize = 64L * 1024 * 1024;
        private Headers defaultHeaders = DEFAULT_HEADERS;
        /** Null until set: {@link Codecs#defaults()} are made by {@link #build()} only when needed. */
        private Codecs codecs;
        private List<Interceptor> interceptors = List.of();
        private ProtocolPolicy protocol = ProtocolPolicy.AUTO;
        private TlsOptions tls = TlsOptions.DEFAULT;
        private Optional<ProxyOptions> proxy = Optional.empty();
        private Duration expectContinueTimeout = Duration.ofSeconds(1);
        private Optional<URI> baseUri = Optional.empty();
        private Optional<CookieHandler> cookieHandler = Optional.empty();
        private Duration http3FallbackDelay = Duration.ofMillis(300);

        private Builder() {
        }

        private Builder(ClientOptions options) {
            ioThreads = options.ioThreads;
            eventLoopGroup = options.eventLoopGroup;
            transport = options.transport;
            connectTimeout = options.connectTimeout;
            readTimeout = options.readTimeout;
            writeTimeout = options.writeTimeout;
            callTimeout = options.callTimeout;
            maxConnectionsPerHost = options.maxConnectionsPerHost;
            maxPendingAcquires = options.maxPendingAcquires;
            acquireTimeout = options.acquireTimeout;
            idleTimeout = options.idleTimeout;
            poolExpiry = options.poolExpiry;
            followRedirects = options.followRedirects;
            maxRedirects = options.maxRedirects;
            retryPolicy = options.retryPolicy;
            decompression = options.decompression;
            maxResponseSize = options.maxResponseSize;
            defaultHeaders = options.defaultHeaders;
            codecs = options.codecs;
            interceptors = options.interceptors;
            protocol = options.protocol;
            tls = options.tls;
            proxy = options.proxy;
            expectContinueTimeout = options.expectContinueTimeout;
            baseUri = options.baseUri;
            cookieHandler = options.cookieHandler;
            http3FallbackDelay = options.http3FallbackDelay;
        }

        /** Event loop threads of the client's own group; default the number of available processors. */
        public Builder ioThreads(int ioThreads) {
            this.ioThreads = ioThreads;
            return this;
        }

        /** Runs on this shared group instead of the client's own. */
        public Builder eventLoopGroup(EventLoopGroup eventLoopGroup) {
            return eventLoopGroup(Optional.of(Objects.requireNonNull(eventLoopGroup,
                    "eventLoopGroup must not be null")));
        }

        /** A shared group to run on, or empty for the client's own. */
        public Builder eventLoopGroup(Optional<EventLoopGroup> eventLoopGroup) {
            this.eventLoopGroup = eventLoopGroup;
            return this;
        }

        /**
         * The socket transport of the client's own group; default {@link Transport#AUTO}: epoll, else kqueue, else NIO,
         * as for the server (io_uring when named). A transport this machine cannot run fails {@link #build()}.
         */
        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        /** Limit for opening a connection; default 10 s. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        /**
         * Longest silence while a response is awaited, counted from the end of the request's write and again from
         * every read (on HTTP/2, every complete frame of the stream); not a bound on the whole response, which only
         * the {@link #callTimeout(Duration) call timeout} gives. Default 30 s, zero for none.
         */
        public Builder readTimeout(Duration readTimeout) {
            this.readTimeout = readTimeout;
            return this;
        }

        /** Limit for writing one request; default 30 s, zero for none. */
        public Builder writeTimeout(Duration writeTimeout) {
            this.writeTimeout = writeTimeout;
            return this;
        }

        /** Limit for a whole call, retries and redirects included; default none (zero). */
        public Builder callTimeout(Duration callTimeout) {
            this.callTimeout = callTimeout;
            return this;
        }

        /** Connections per {@code host:port}, split evenly across the event loops; default 128. */
        public Builder maxConnectionsPerHost(int maxConnectionsPerHost) {
            this.maxConnectionsPerHost = maxConnectionsPerHost;
            return this;
        }

        /**
         * Requests per host allowed to wait for a busy pool, split across the event loops; default 1024. Beyond that
         * a request fails at once with {@link PoolExhaustedException}; 0 means never wait.
         */
        public Builder maxPendingAcquires(int maxPendingAcquires) {
            this.maxPendingAcquires = maxPendingAcquires;
            return this;
        }

        /** How long a request waits for a pooled connection; default 10 s. */
        public Builder acquireTimeout(Duration acquireTimeout) {
            this.acquireTimeout = acquireTimeout;
            return this;
        }

        /** Idle connections are closed after this long; default 30 s (below common server keep-alive limits). */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
            return this;
        }

        /** The pool of a host unused for this long is dropped; default 10 min. */
        public Builder poolExpiry(Duration poolExpiry) {
            this.poolExpiry = poolExpiry;
            return this;
        }

        /** Whether redirects are followed; default true. */
        public Builder followRedirects(boolean followRedirects) {
            this.followRedirects = followRedirects;
            return this;
        }

        /** Redirects followed per call before {@link TooManyRedirectsException}; default 5. */
        public Builder maxRedirects(int maxRedirects) {
            this.maxRedirects = maxRedirects;
            return this;
        }

        /** Which failures are retried; default {@link RetryPolicy#DEFAULT}. */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = retryPolicy;
            return this;
        }

        /** Whether gzip and deflate responses are asked for and decoded; default true. */
        public Builder decompression(boolean decompression) {
            this.decompression = decompression;
            return this;
        }

        /** The largest response body accepted, in bytes; default 64 MiB. */
        public Builder maxResponseSize(long maxResponseSize) {
            this.maxResponseSize = maxResponseSize;
            return this;
        }

        /** The headers sent with every request unless it sets them (replacing the preset {@code User-Agent}). */
        public Builder defaultHeaders(Headers defaultHeaders) {
            this.defaultHeaders = defaultHeaders;
            return this;
        }

        /** Body encoders and decoders; default {@link Codecs#defaults()}. */
        public Builder codecs(Codecs codecs) {
            this.codecs = Objects.requireNonNull(codecs, "codecs must not be null");
            return this;
        }

        /** The interceptors, in the order they run (no {@link java.util.ServiceLoader} lookup here). */
        public Builder interceptors(List<Interceptor> interceptors) {
            this.interceptors = interceptors;
            return this;
        }

        /** Which HTTP version to speak; default {@link ProtocolPolicy#AUTO} (h2 over TLS when agreed). */
        public Builder protocol(ProtocolPolicy protocol) {
            this.protocol = protocol;
            return this;
        }

        /**
         * TLS settings for {@code https://}: trusted certificates, a client certificate for mutual TLS, protocols and
         * ciphers; default the JDK trust store with host name verification. {@link TlsOptions#insecure()} trusts
         * everything (tests against self-signed servers only). Settings other than the default are turned into a TLS
         * context by {@link BriskClient.Builder#build()}, which fails with
         * {@link dev.brisk.transport.TlsConfigurationException} naming the problem.
         */
        public Builder tls(TlsOptions tls) {
            this.tls = tls;
            return this;
        }

        /** Sends every connection through this proxy. */
        public Builder proxy(ProxyOptions proxy) {
            return proxy(Optional.of(Objects.requireNonNull(proxy, "proxy must not be null")));
        }

        /** The proxy, or empty for direct connections. */
        public Builder proxy(Optional<ProxyOptions> proxy) {
            this.proxy = proxy;
            return this;
        }

        /**
         * How long a request that sets {@code Expect: 100-continue} waits for the server's 100 before sending its body
         * anyway; default 1 s.
         */
        public Builder expectContinueTimeout(Duration expectContinueTimeout) {
            this.expectContinueTimeout = expectContinueTimeout;
            return this;
        }

        /**
         * What relative request targets resolve against; an empty path is taken as {@code /}. Empty for none.
         */
        public Builder baseUri(Optional<URI> baseUri) {
            this.baseUri = baseUri == null ? null : baseUri.map(Builder::withPath);
            return this;
        }

        private static URI withPath(URI base) {
            return base.getRawPath() == null || !base.getRawPath().isEmpty() ? base : base.resolve("/");
        }

        /** Where cookies are kept between requests; empty for nowhere. */
        public Builder cookieHandler(Optional<CookieHandler> cookieHandler) {
            this.cookieHandler = cookieHandler;
            return this;
        }

        /**
         * How long a QUIC handshake with an HTTP/3 alternative that a host advertised in {@code Alt-Svc} may take
         * before the connection goes over TCP instead, the alternative then being left alone for 5 minutes; default
         * 300 ms. Used with {@link ProtocolPolicy#H3_ALT_SVC} only ({@link ProtocolPolicy#H3} waits for the connect
         * timeout and never falls back).
         */
        public Builder http3FallbackDelay(Duration http3FallbackDelay) {
            this.http3FallbackDelay = http3FallbackDelay;
            return this;
        }

        public ClientOptions build() {
            return new ClientOptions(ioThreads, eventLoopGroup, transport, connectTimeout, readTimeout, writeTimeout,
                    callTimeout, maxConnectionsPerHost, maxPendingAcquires, acquireTimeout, idleTimeout, poolExpiry,
                    followRedirects, maxRedirects, retryPolicy, decompression, maxResponseSize, defaultHeaders,
                    codecs == null ? Codecs.defaults() : codecs, interceptors, protocol, tls, proxy,
                    expectContinueTimeout, baseUri, cookieHandler, http3FallbackDelay);
        }
    }
}
