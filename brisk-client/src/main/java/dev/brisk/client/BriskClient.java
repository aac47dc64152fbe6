package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An asynchronous HTTP/1.1 and HTTP/2 client on Netty with connection pools per host and per event loop. Create one
 * per application and share it; it is thread-safe. Close it to release its connections and, when it created them, its
 * event loop threads.
 *
 * <pre>{@code
 * try (BriskClient client = BriskClient.create()) {
 *     User user = client.get("http://localhost:8080/users/1").execute()
 *             .toCompletableFuture().join().bodyAs(User.class);
 * }
 * }</pre>
 */
public final class BriskClient implements AutoCloseable {

    static {
        // before any Netty class initialises: the defaults Brisk applies unless the application set them
        NettyDefaults.apply();
    }

    private final ClientRuntime runtime;
    private final HttpRequest.Settings defaults;

    private BriskClient(ClientOptions options, ClientExtensions extensions, ClientMetrics metrics) {
        this.runtime = new ClientRuntime(options, extensions, metrics);
        this.defaults = new HttpRequest.Settings(options.readTimeout(), options.writeTimeout(),
                options.callTimeout(), options.followRedirects(), options.maxRedirects(), options.retryPolicy());
    }

    /** A client with default options. */
    public static BriskClient create() {
        return builder().build();
    }

    /** A builder with sane defaults for every option. */
    public static Builder builder() {
        return new Builder();
    }

    /** The options this client runs with. */
    public ClientOptions options() {
        return runtime.options();
    }

    /**
     * A snapshot of every host pool the client keeps, one entry per {@code scheme://host:port} in no particular order.
     * Pools appear on a host's first request and disappear once unused for {@code poolExpiry}.
     */
    public List<PoolStats> poolStats() {
        return runtime.poolStats();
    }

    public RequestBuilder get(String url) {
        return request(HttpMethod.GET, url);
    }

    public RequestBuilder post(String url) {
        return request(HttpMethod.POST, url);
    }

    public RequestBuilder put(String url) {
        return request(HttpMethod.PUT, url);
    }

    public RequestBuilder delete(String url) {
        return request(HttpMethod.DELETE, url);
    }

    public RequestBuilder patch(String url) {
        return request(HttpMethod.PATCH, url);
    }

    public RequestBuilder head(String url) {
        return request(HttpMethod.HEAD, url);
    }

    public RequestBuilder options(String url) {
        return request(HttpMethod.OPTIONS, url);
    }

    /** A request with any method; {@code url} must be absolute ({@code http://host[:port]/path?query}). */
    public RequestBuilder request(HttpMethod method, String url) {
        return new RequestBuilder(runtime, defaults, Objects.requireNonNull(method, "method"),
                Objects.requireNonNull(url, "url"));
    }

    /**
     * A request to an absolute URI parsed beforehand: a target called again and again need not be parsed per request
     * (the {@code String} methods parse their URL each time).
     *
     * @throws IllegalArgumentException when {@code uri} is not absolute or has no host
     */
    public RequestBuilder request(HttpMethod method, URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!uri.isAbsolute() || uri.getHost() == null) {
            throw new IllegalArgumentException("URL must be absolute with a host: \"" + uri + "\"");
        }
        return new RequestBuilder(runtime, defaults, Objects.requireNonNull(method, "method"), uri);
    }

    /**
     * Closes every pooled connection, fails calls still running, and shuts down the event loops if the client created
     * them. Blocks until done. Idempotent.
     */
    @Override
    public void close() {
        runtime.close();
    }

    /** Builds a {@link BriskClient}. */
    public static final class Builder {
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
        private HttpProtocol protocol = HttpProtocol.AUTO;
        private TlsOptions tls = TlsOptions.DEFAULT;
        private ProxyOptions proxy;
        private Duration expectContinueTimeout = Duration.ofSeconds(1);
        private ClientMetrics metrics;

        private Builder() {
            defaultHeaders.set(HttpHeaderNames.USER_AGENT, "brisk-client/0.1");
        }

        /** Event loop threads of the client's own group; default the number of available processors. */
        public Builder ioThreads(int ioThreads) {
            if (ioThreads < 1) {
                throw new IllegalArgumentException("ioThreads must be >= 1: " + ioThreads);
            }
            this.ioThreads = ioThreads;
            return this;
        }

        /**
         * Runs on a shared group (io_uring, epoll, kqueue or NIO) instead of creating one; the client does not shut it down. One child
         * pool is kept per event loop of the group.
         */
        public Builder eventLoopGroup(EventLoopGroup group) {
            this.eventLoopGroup = Objects.requireNonNull(group, "group");
            return this;
        }

        /**
         * The socket transport of the client's own group; default {@link Transport#AUTO}: io_uring, else epoll, else
         * kqueue, else NIO, as for the server. A transport this machine cannot run fails {@link #build()}.
         */
        public Builder transport(Transport transport) {
            this.transport = Objects.requireNonNull(transport, "transport");
            return this;
        }

        /** Limit for opening a connection; default 10 s. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = positive(connectTimeout, "connectTimeout");
            return this;
        }

        /**
         * Longest silence while a response is awaited, counted from the end of the request's write and again from
         * every read (on HTTP/2, every complete frame of the stream); not a bound on the whole response, which only
         * the {@link #callTimeout(Duration) call timeout} gives. Default 30 s, zero for none.
         */
        public Builder readTimeout(Duration readTimeout) {
            this.readTimeout = notNegative(readTimeout, "readTimeout");
            return this;
        }

        /** Limit for writing one request; default 30 s, zero for none. */
        public Builder writeTimeout(Duration writeTimeout) {
            this.writeTimeout = notNegative(writeTimeout, "writeTimeout");
            return this;
        }

        /** Limit for a whole call, retries and redirects included; default none (zero). */
        public Builder callTimeout(Duration callTimeout) {
            this.callTimeout = notNegative(callTimeout, "callTimeout");
            return this;
        }

        /** Connections per {@code host:port}, split evenly across the event loops; default 128. */
        public Builder maxConnectionsPerHost(int maxConnectionsPerHost) {
            if (maxConnectionsPerHost < 1) {
                throw new IllegalArgumentException("maxConnectionsPerHost must be >= 1: " + maxConnectionsPerHost);
            }
            this.maxConnectionsPerHost = maxConnectionsPerHost;
            return this;
        }

        /**
         * Requests per host allowed to wait for a busy pool, split across the event loops; default 1024. Beyond that
         * a request fails at once with {@link PoolExhaustedException}; 0 means never wait.
         */
        public Builder maxPendingAcquires(int maxPendingAcquires) {
            if (maxPendingAcquires < 0) {
                throw new IllegalArgumentException("maxPendingAcquires must be >= 0: " + maxPendingAcquires);
            }
            this.maxPendingAcquires = maxPendingAcquires;
            return this;
        }

        /** How long a request waits for a pooled connection; default 10 s. */
        public Builder acquireTimeout(Duration acquireTimeout) {
            this.acquireTimeout = positive(acquireTimeout, "acquireTimeout");
            return this;
        }

        /** Idle connections are closed after this long; default 30 s (below common server keep-alive limits). */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = positive(idleTimeout, "idleTimeout");
            return this;
        }

        /** The pool of a host unused for this long is dropped; default 10 min. */
        public Builder poolExpiry(Duration poolExpiry) {
            this.poolExpiry = positive(poolExpiry, "poolExpiry");
            return this;
        }

        /** Whether redirects are followed; default true. */
        public Builder followRedirects(boolean followRedirects) {
            this.followRedirects = followRedirects;
            return this;
        }

        /** Redirects followed per call before {@link TooManyRedirectsException}; default 5. */
        public Builder maxRedirects(int maxRedirects) {
            if (maxRedirects < 0) {
                throw new IllegalArgumentException("maxRedirects must be >= 0: " + maxRedirects);
            }
            this.maxRedirects = maxRedirects;
            return this;
        }

        /** Which failures are retried; default {@link RetryPolicy#DEFAULT}. */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** Whether gzip and deflate responses are asked for and decoded; default true. */
        public Builder decompression(boolean decompression) {
            this.decompression = decompression;
            return this;
        }

        /** The largest response body accepted, in bytes; default 64 MiB. */
        public Builder maxResponseSize(long maxResponseSize) {
            if (maxResponseSize < 0 || maxResponseSize > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("maxResponseSize must be in [0, 2 GiB): " + maxResponseSize);
            }
            this.maxResponseSize = maxResponseSize;
            return this;
        }

        /** A header sent with every request unless the request sets it; {@code User-Agent} is preset. */
        public Builder defaultHeader(CharSequence name, Object value) {
            defaultHeaders.set(name, String.valueOf(Objects.requireNonNull(value, "value")));
            return this;
        }

        /** Body encoders and decoders; default {@link Codecs#defaults()}. */
        public Builder codecs(Codecs codecs) {
            this.codecs = Objects.requireNonNull(codecs, "codecs");
            return this;
        }

        /** Adds an interceptor; see {@link Interceptor} for the order. */
        public Builder interceptor(Interceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** Adds an advice around request body encoding; see {@link EncodeAdvice} for when and in which order. */
        public Builder encodeAdvice(EncodeAdvice advice) {
            encodeAdvices.add(Objects.requireNonNull(advice, "advice"));
            return this;
        }

        /** Adds an advice around {@link HttpResponse#bodyAs(Class)}; see {@link DecodeAdvice} for the order. */
        public Builder decodeAdvice(DecodeAdvice advice) {
            decodeAdvices.add(Objects.requireNonNull(advice, "advice"));
            return this;
        }

        /**
         * Whether extensions registered with {@link java.util.ServiceLoader} are added: {@link Interceptor}s,
         * {@link EncodeAdvice}s, {@link DecodeAdvice}s and what {@link ClientExtensionFactory factories} return;
         * default true.
         */
        public Builder loadInterceptors(boolean loadInterceptors) {
            this.loadInterceptors = loadInterceptors;
            return this;
        }

        /**
         * Reports calls and host pools to {@code metrics} (for Micrometer:
         * {@code dev.brisk.client.micrometer.MicrometerClientMetrics}); default none, which costs nothing.
         */
        public Builder metrics(ClientMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        /** Which HTTP version to speak; default {@link HttpProtocol#AUTO} (h2 over TLS when agreed). */
        public Builder protocol(HttpProtocol protocol) {
            this.protocol = Objects.requireNonNull(protocol, "protocol");
            return this;
        }

        /**
         * TLS settings for {@code https://}: trusted certificates, a client certificate for mutual TLS, protocols and
         * ciphers; default the JDK trust store with host name verification. {@link TlsOptions#insecure()} trusts
         * everything (tests against self-signed servers only).
         */
        public Builder tls(TlsOptions tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /** Sends every connection through a proxy (except its {@link ProxyOptions#noProxy()} hosts). */
        public Builder proxy(ProxyOptions proxy) {
            this.proxy = Objects.requireNonNull(proxy, "proxy");
            return this;
        }

        /**
         * How long a request that sets {@code Expect: 100-continue} waits for the server's 100 before sending its body
         * anyway; default 1 s.
         */
        public Builder expectContinueTimeout(Duration expectContinueTimeout) {
            this.expectContinueTimeout = positive(expectContinueTimeout, "expectContinueTimeout");
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
         */
        public BriskClient build() {
            ClientOptions options = options();
            return new BriskClient(options, ClientExtensions.assemble(options, encodeAdvices, decodeAdvices,
                    loadInterceptors), metrics);
        }

        private static Duration positive(Duration d, String name) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }

        private static Duration notNegative(Duration d, String name) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative: " + d);
            }
            return d;
        }
    }
}
