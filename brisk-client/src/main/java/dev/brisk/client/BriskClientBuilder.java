package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link BriskClient}: every option has a sane default (documented on its method), {@link #options()} shows
 * the result, {@link #build()} starts the client. Obtained from {@link BriskClient#builder()}.
 */
public final class BriskClientBuilder {
    private int ioThreads = Math.max(1, Runtime.getRuntime().availableProcessors());
    private EventLoopGroup eventLoopGroup;
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
    private final WritableHeaders defaultHeaders = WritableHeaders.create();
    private Codecs codecs;
    private final List<Interceptor> interceptors = new ArrayList<>();
    private boolean loadInterceptors = true;
    private final List<EncodeAdvice> encodeAdvices = new ArrayList<>();
    private final List<DecodeAdvice> decodeAdvices = new ArrayList<>();
    private ProtocolPolicy protocol = ProtocolPolicy.AUTO;
    private TlsOptions tls = TlsOptions.DEFAULT;
    private ProxyOptions proxy;
    private Duration expectContinueTimeout = Duration.ofSeconds(1);
    private ClientMetrics metrics;

    BriskClientBuilder() {
        defaultHeaders.set(HttpHeaderNames.USER_AGENT, "brisk-client/0.1");
    }

    /** Event loop threads of the client's own group; default the number of available processors. */
    public BriskClientBuilder ioThreads(int ioThreads) {
        this.ioThreads = ClientOptions.atLeast(ioThreads, 1, "ioThreads");
        return this;
    }

    /**
     * Runs on a shared group (io_uring, epoll, kqueue or NIO) instead of creating one; the client does not shut it
     * down. One child pool is kept per event loop of the group.
     */
    public BriskClientBuilder eventLoopGroup(EventLoopGroup group) {
        this.eventLoopGroup = Objects.requireNonNull(group, "group");
        return this;
    }

    /**
     * The socket transport of the client's own group; default {@link Transport#AUTO}: epoll, else kqueue, else NIO,
     * as for the server (io_uring when named). A transport this machine cannot run fails {@link #build()}.
     */
    public BriskClientBuilder transport(Transport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
        return this;
    }

    /** Limit for opening a connection; default 10 s. */
    public BriskClientBuilder connectTimeout(Duration connectTimeout) {
        this.connectTimeout = ClientOptions.positive(connectTimeout, "connectTimeout");
        return this;
    }

    /**
     * Longest silence while a response is awaited, counted from the end of the request's write and again from
     * every read (on HTTP/2, every complete frame of the stream); not a bound on the whole response, which only
     * the {@link #callTimeout(Duration) call timeout} gives. Default 30 s, zero for none.
     */
    public BriskClientBuilder readTimeout(Duration readTimeout) {
        this.readTimeout = ClientOptions.notNegative(readTimeout, "readTimeout");
        return this;
    }

    /** Limit for writing one request; default 30 s, zero for none. */
    public BriskClientBuilder writeTimeout(Duration writeTimeout) {
        this.writeTimeout = ClientOptions.notNegative(writeTimeout, "writeTimeout");
        return this;
    }

    /** Limit for a whole call, retries and redirects included; default none (zero). */
    public BriskClientBuilder callTimeout(Duration callTimeout) {
        this.callTimeout = ClientOptions.notNegative(callTimeout, "callTimeout");
        return this;
    }

    /** Connections per {@code host:port}, split evenly across the event loops; default 128. */
    public BriskClientBuilder maxConnectionsPerHost(int maxConnectionsPerHost) {
        this.maxConnectionsPerHost = ClientOptions.atLeast(maxConnectionsPerHost, 1, "maxConnectionsPerHost");
        return this;
    }

    /**
     * Requests per host allowed to wait for a busy pool, split across the event loops; default 1024. Beyond that
     * a request fails at once with {@link PoolExhaustedException}; 0 means never wait.
     */
    public BriskClientBuilder maxPendingAcquires(int maxPendingAcquires) {
        this.maxPendingAcquires = ClientOptions.atLeast(maxPendingAcquires, 0, "maxPendingAcquires");
        return this;
    }

    /** How long a request waits for a pooled connection; default 10 s. */
    public BriskClientBuilder acquireTimeout(Duration acquireTimeout) {
        this.acquireTimeout = ClientOptions.positive(acquireTimeout, "acquireTimeout");
        return this;
    }

    /** Idle connections are closed after this long; default 30 s (below common server keep-alive limits). */
    public BriskClientBuilder idleTimeout(Duration idleTimeout) {
        this.idleTimeout = ClientOptions.positive(idleTimeout, "idleTimeout");
        return this;
    }

    /** The pool of a host unused for this long is dropped; default 10 min. */
    public BriskClientBuilder poolExpiry(Duration poolExpiry) {
        this.poolExpiry = ClientOptions.positive(poolExpiry, "poolExpiry");
        return this;
    }

    /** Whether redirects are followed; default true. */
    public BriskClientBuilder followRedirects(boolean followRedirects) {
        this.followRedirects = followRedirects;
        return this;
    }

    /** Redirects followed per call before {@link TooManyRedirectsException}; default 5. */
    public BriskClientBuilder maxRedirects(int maxRedirects) {
        this.maxRedirects = ClientOptions.atLeast(maxRedirects, 0, "maxRedirects");
        return this;
    }

    /** Which failures are retried; default {@link RetryPolicy#DEFAULT}. */
    public BriskClientBuilder retryPolicy(RetryPolicy retryPolicy) {
        this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
        return this;
    }

    /** Whether gzip and deflate responses are asked for and decoded; default true. */
    public BriskClientBuilder decompression(boolean decompression) {
        this.decompression = decompression;
        return this;
    }

    /** The largest response body accepted, in bytes; default 64 MiB. */
    public BriskClientBuilder maxResponseSize(long maxResponseSize) {
        this.maxResponseSize = ClientOptions.responseSize(maxResponseSize);
        return this;
    }

    /** A header sent with every request unless the request sets it; {@code User-Agent} is preset. */
    public BriskClientBuilder defaultHeader(CharSequence name, Object value) {
        defaultHeaders.set(name, String.valueOf(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * Replaces every default header, the preset {@code User-Agent} included, with {@code headers} (empty for none);
     * later {@link #defaultHeader} calls add to them.
     */
    public BriskClientBuilder defaultHeaders(Headers headers) {
        Objects.requireNonNull(headers, "headers");
        defaultHeaders.clear();
        headers.forEach(defaultHeaders::add);
        return this;
    }

    /** Body encoders and decoders; default {@link Codecs#defaults()}. */
    public BriskClientBuilder codecs(Codecs codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
        return this;
    }

    /** Adds an interceptor; see {@link Interceptor} for the order. */
    public BriskClientBuilder interceptor(Interceptor interceptor) {
        interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
        return this;
    }

    /** Adds an advice around request body encoding; see {@link EncodeAdvice} for when and in which order. */
    public BriskClientBuilder encodeAdvice(EncodeAdvice advice) {
        encodeAdvices.add(Objects.requireNonNull(advice, "advice"));
        return this;
    }

    /** Adds an advice around {@link HttpResponse#bodyAs(Class)}; see {@link DecodeAdvice} for the order. */
    public BriskClientBuilder decodeAdvice(DecodeAdvice advice) {
        decodeAdvices.add(Objects.requireNonNull(advice, "advice"));
        return this;
    }

    /**
     * Whether extensions registered with {@link java.util.ServiceLoader} are added: {@link Interceptor}s,
     * {@link EncodeAdvice}s, {@link DecodeAdvice}s and what {@link ClientExtensionFactory factories} return;
     * default true.
     */
    public BriskClientBuilder loadInterceptors(boolean loadInterceptors) {
        this.loadInterceptors = loadInterceptors;
        return this;
    }

    /**
     * Reports calls and host pools to {@code metrics} (for Micrometer:
     * {@code dev.brisk.client.micrometer.MicrometerClientMetrics}); default none, which costs nothing.
     */
    public BriskClientBuilder metrics(ClientMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        return this;
    }

    /** Which HTTP version to speak; default {@link ProtocolPolicy#AUTO} (h2 over TLS when agreed). */
    public BriskClientBuilder protocol(ProtocolPolicy protocol) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        return this;
    }

    /**
     * TLS settings for {@code https://}: trusted certificates, a client certificate for mutual TLS, protocols and
     * ciphers; default the JDK trust store with host name verification. {@link TlsOptions#insecure()} trusts
     * everything (tests against self-signed servers only). Settings other than the default are turned into a TLS
     * context by {@link #build()}, which fails with {@link dev.brisk.transport.TlsConfigurationException} naming the
     * problem.
     */
    public BriskClientBuilder tls(TlsOptions tls) {
        this.tls = Objects.requireNonNull(tls, "tls");
        return this;
    }

    /** Sends every connection through a proxy (except its {@link ProxyOptions#noProxy()} hosts). */
    public BriskClientBuilder proxy(ProxyOptions proxy) {
        this.proxy = Objects.requireNonNull(proxy, "proxy");
        return this;
    }

    /**
     * How long a request that sets {@code Expect: 100-continue} waits for the server's 100 before sending its body
     * anyway; default 1 s.
     */
    public BriskClientBuilder expectContinueTimeout(Duration expectContinueTimeout) {
        this.expectContinueTimeout = ClientOptions.positive(expectContinueTimeout, "expectContinueTimeout");
        return this;
    }

    /** The options as configured so far. */
    public ClientOptions options() {
        List<Interceptor> all = new ArrayList<>(interceptors);
        if (loadInterceptors) {
            for (Interceptor interceptor : java.util.ServiceLoader.load(Interceptor.class)) {
                all.add(interceptor);
            }
        }
        all.sort(java.util.Comparator.comparingInt(Interceptor::order));
        Headers headers = Headers.copyOf(defaultHeaders);
        return new ClientOptions(ioThreads, Optional.ofNullable(eventLoopGroup), transport, connectTimeout,
                readTimeout, writeTimeout, callTimeout, maxConnectionsPerHost, maxPendingAcquires,
                acquireTimeout, idleTimeout, poolExpiry, followRedirects, maxRedirects, retryPolicy,
                decompression, maxResponseSize, headers, codecs == null ? Codecs.defaults() : codecs, all,
                protocol, tls, Optional.ofNullable(proxy), expectContinueTimeout);
    }

    /**
     * Builds the client; its event loops start now (unless a group was given). Extension factories are asked
     * here, with {@link #options()}: what they return is added to the client, not to its options.
     *
     * @throws IllegalStateException naming the factory when an extension factory fails
     * @throws dev.brisk.transport.TlsConfigurationException when the {@link #tls(TlsOptions) TLS settings} cannot be
     *                                                       used (an unknown cipher, an unreadable key)
     */
    public BriskClient build() {
        ClientOptions options = options();
        return new BriskClient(options, ClientExtensions.assemble(options, encodeAdvices, decodeAdvices,
                loadInterceptors), metrics);
    }
}
