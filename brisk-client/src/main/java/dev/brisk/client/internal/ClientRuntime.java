package dev.brisk.client.internal;

import dev.brisk.client.ClientMetrics;
import dev.brisk.client.ClientOptions;
import dev.brisk.client.DecodeAdvice;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;
import dev.brisk.client.PoolExhaustedException;
import dev.brisk.client.PoolStats;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.client.ProxyOptions;
import dev.brisk.client.internal.connect.ClientTlsContext;
import dev.brisk.client.internal.connect.ConnectContext;
import dev.brisk.client.internal.connect.HostConnector;
import dev.brisk.client.internal.exchange.Failures;
import dev.brisk.client.internal.http3.AlternativeService;
import dev.brisk.client.internal.http3.AlternativeServices;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.client.internal.http3.QuicClient;
import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.client.internal.exchange.RequestBody;
import dev.brisk.client.internal.exchange.ResponseStream;
import dev.brisk.client.internal.pool.ChildPool;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.Connector;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.HostPool;
import dev.brisk.client.internal.pool.PoolContext;
import dev.brisk.client.internal.pool.PoolRegistry;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.ChannelGroupFuture;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.GlobalEventExecutor;

import dev.brisk.client.StreamedResponse;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Everything a client runs on: event loops, the connect template, name resolution, the host pools. Sends a request by
 * encoding its body on the caller's thread, choosing an event loop (the caller's own when it runs on one) and handing
 * the {@link Call} to that loop. Runs the pools as their {@link PoolContext} and the connectors as their
 * {@link ConnectContext}. Not API.
 */
public final class ClientRuntime implements PoolContext, ConnectContext {

    private final ClientOptions options;
    private final EventLoopGroup group;
    private final boolean ownsGroup;
    private final EventLoops loops;
    private final DnsResolvers.Resolver resolver;
    private final Bootstrap bootstrap;
    /** Every connection opened, until it closes: close() waits for them before stopping the loops. */
    private final ChannelGroup channels = new DefaultChannelGroup("brisk-client", GlobalEventExecutor.INSTANCE);
    private final Bootstrap proxiedBootstrap;
    private final ProxyOptions proxy;
    private final InetSocketAddress proxyAddress;
    private volatile SslContext sslContext;
    private final BodyEncoder encoder;
    private final PoolRegistry registry;
    private final MetricsReporter metrics;
    private final List<Interceptor> interceptors;
    /** {@code null} when the client has no encode advice. */
    private final EncodeAdviceChain encodeAdvices;
    /** {@code null} when the client has no decode advice. */
    private final DecodeAdvice[] decodeAdvices;
    private final long acquireTimeoutNanos;
    private final long idleTimeoutNanos;
    /** {@code null} when the client keeps no cookies. */
    private final CookieJar cookies;
    private volatile boolean closed;
    /** Calls waiting out a retry backoff: closing the client ends them, as their timers die with the loops. */
    private final Set<Call> backingOff = ConcurrentHashMap.newKeySet();
    /** The HTTP/3 side; null when the client speaks no HTTP/3. */
    private final QuicClient quic;
    /** The origins' advertised HTTP/3 alternatives; null unless {@link ProtocolPolicy#H3_ALT_SVC} is in use. */
    private final AlternativeServices alternatives;

    public ClientRuntime(ClientOptions options) {
        this(options, ClientExtensions.of(options), null);
    }

    /**
     * A runtime whose interceptors and advices are {@code extensions} rather than {@code options.interceptors()},
     * reporting to {@code metrics} (null for none).
     */
    public ClientRuntime(ClientOptions options, ClientExtensions extensions, ClientMetrics metrics) {
        this.options = options;
        // settings given by the application are checked now, before any thread starts: a TlsConfigurationException
        // from build(); the JDK defaults are loaded on the first https:// call only, sparing clients that never use it
        this.sslContext = options.tls() == TlsOptions.DEFAULT ? null
                : ClientTlsContext.create(options.tls(), options.protocol());
        this.metrics = MetricsReporter.of(metrics);
        ProtocolPolicy protocol = options.protocol();
        if (protocol == ProtocolPolicy.H3) {
            QuicAvailability.ensureAvailable("HTTP/3"); // before any thread starts
        }
        boolean http3 = (protocol == ProtocolPolicy.H3 || protocol == ProtocolPolicy.H3_ALT_SVC)
                && QuicAvailability.isAvailable();
        Transport transport;
        if (options.eventLoopGroup().isPresent()) {
            this.group = options.eventLoopGroup().get();
            this.ownsGroup = false;
            transport = Transports.of(group);
        } else {
            transport = Transports.resolve(options.transport());
            this.group = Transports.newGroup(transport, options.ioThreads(), "brisk-client", true);
            this.ownsGroup = true;
        }
        this.loops = new EventLoops(group);
        this.resolver = DnsResolvers.create(Transports.datagramChannel(transport));
        this.bootstrap = new Bootstrap()
                .channel(Transports.socketChannel(transport))
                .resolver(resolver.group())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        options.connectTimeout().toMillis()))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
        this.proxy = options.proxy().orElse(null);
        this.proxyAddress = proxy == null ? null : new InetSocketAddress(proxy.host(), proxy.port());
        // through a proxy, the target name goes to the proxy unresolved: it does the lookup
        this.proxiedBootstrap = bootstrap.clone().resolver(NoopAddressResolverGroup.INSTANCE);
        this.encoder = new BodyEncoder(options.codecs(), ByteBufAllocator.DEFAULT);
        this.interceptors = extensions.interceptors();
        this.encodeAdvices = extensions.encodeAdvices().isEmpty() ? null
                : new EncodeAdviceChain(extensions.encodeAdvices(), encoder);
        this.decodeAdvices = extensions.decodeAdvices().isEmpty() ? null
                : extensions.decodeAdvices().toArray(new DecodeAdvice[0]);
        this.acquireTimeoutNanos = options.acquireTimeout().toNanos();
        this.idleTimeoutNanos = options.idleTimeout().toNanos();
        this.quic = http3 ? new QuicClient(options.tls(), Transports.datagramChannel(transport), resolver.group(),
                channels::add, idleTimeoutNanos / 1_000_000) : null;
        if (quic != null) {
            quic.checkTls(); // a bad TLS setting fails here, not in a connection attempt on an event loop
        }
        this.alternatives = http3 && protocol == ProtocolPolicy.H3_ALT_SVC ? new AlternativeServices() : null;
        this.registry = new PoolRegistry(this);
        this.cookies = options.cookieHandler().map(CookieJar::new).orElse(null);
    }

    @Override
    public ClientOptions options() {
        return options;
    }

    /** Whether the current thread is one of the client's event loops. */
    public boolean inEventLoop() {
        return loops.current() >= 0;
    }

    /** Sends {@code request} through the interceptors. */
    public CompletionStage<HttpResponse> execute(HttpRequest request) {
        return execute(request, false);
    }

    /** Sends {@code request} through the interceptors; a {@code streamed} call answers with a {@link ResponseStream}. */
    CompletableFuture<HttpResponse> execute(HttpRequest request, boolean streamed) {
        ResponseFuture future = new ResponseFuture(streamed);
        if (interceptors.isEmpty()) {
            start(request, future, future);
            return future;
        }
        CompletionStage<HttpResponse> stage = new InterceptorChain(this, interceptors, 0, request, future).run();
        if (stage instanceof Interceptor.CallerFuture && stage instanceof CompletableFuture<HttpResponse> own) {
            return own; // made for this caller alone: no future of the client's own in between
        }
        stage.whenComplete(future);
        return future;
    }

    /** Sends {@code request} for a response whose body is read as it arrives. */
    public CompletionStage<StreamedResponse> executeStreamed(HttpRequest request) {
        return new StreamedResponseFuture(execute(request, true));
    }

    /**
     * Whether the call behind {@code future} (from {@link #execute} or {@link #executeStreamed}) has handed its
     * request to a connection; true for a future the client did not make.
     */
    public static boolean mayHaveSent(CompletableFuture<?> future) {
        if (future instanceof StreamedResponseFuture streamed) {
            future = streamed.call();
        }
        return !(future instanceof ResponseFuture response) || response.mayHaveSent();
    }

    /** Releases a body that will not be sent (a buffer is the client's once handed over). */
    public void discardBody(Object body) {
        ReferenceCountUtil.release(body);
    }

    /**
     * Starts the network part of a call: encodes the body and hands the call to its event loop. The call completes
     * {@code result}; cancelling {@code caller} (the caller's future) or a {@link ResponseFuture} {@code result}
     * aborts it.
     */
    void start(HttpRequest request, CompletableFuture<HttpResponse> result, ResponseFuture caller) {
        HostKey key;
        HostPool hostPool;
        RequestBody body;
        boolean advised = false;
        try {
            if (closed) {
                throw Failures.clientClosed(null);
            }
            hostPool = registry.get(Origins.key(request.uri()));
            key = hostPool.key();
            advised = encodeAdvices != null;
            body = advised ? encodeAdvices.encode(request)
                    : encoder.encode(request.bodyOrNull(), NettyHeaders.netty(request.headers()));
        } catch (RuntimeException e) {
            if (!advised) { // the advice chain has released the body itself
                discardBody(request.bodyOrNull());
            }
            result.completeExceptionally(e);
            return;
        }
        int width = hostPool.width();
        int index = loops.choose(width);
        ChildPool claimed = null;
        if (width > 1 && !loops.get(index).inEventLoop()) {
            // a caller off the loops: prefer a loop with an idle connection to opening one on the next loop in turn
            claimed = hostPool.claimIdle(index);
            if (claimed != null) {
                index = hostPool.indexOf(claimed);
            }
        }
        Call call = new Call(this, request, body, key, hostPool, index, result, caller.streamed());
        if (claimed != null) {
            call.claimed(claimed);
        }
        caller.attach(call);
        if (result != caller && result instanceof ResponseFuture sent) {
            sent.attach(call);
        }
        EventLoop loop = call.loop();
        if (loop.inEventLoop()) {
            call.run();
            return;
        }
        try {
            loop.execute(call);
        } catch (RejectedExecutionException e) {
            call.rejected(Failures.clientClosed(key));
        }
    }

    /** A snapshot of every host pool. */
    public List<PoolStats> poolStats() {
        List<PoolStats> stats = new ArrayList<>();
        for (HostPool pool : registry.pools()) {
            stats.add(new PoolStats(pool.key().origin(), pool.active(), pool.idle(), pool.pending(),
                    pool.connections()));
        }
        return stats;
    }

    /** Where calls and pools are reported; null when the client has no metrics. */
    public MetricsReporter metrics() {
        return metrics;
    }

    /** The cookie store, {@code null} when the client keeps no cookies. */
    CookieJar cookies() {
        return cookies;
    }

    /** The decode advices, {@code null} when there are none. */
    DecodeAdvice[] decodeAdvices() {
        return decodeAdvices;
    }

    PoolRegistry registry() {
        return registry;
    }

    @Override
    public Bootstrap bootstrap(boolean proxied) {
        return proxied ? proxiedBootstrap : bootstrap;
    }

    /** Whether connections to {@code key} go through the proxy. */
    @Override
    public boolean proxied(HostKey key) {
        return proxy != null && proxy.appliesTo(key.host());
    }

    /** A new handler that opens a tunnel through the configured proxy. */
    @Override
    public ProxyHandler proxyHandler() {
        ProxyHandler handler = switch (proxy.type()) {
            case HTTP -> proxy.username() == null ? new HttpProxyHandler(proxyAddress)
                    : new HttpProxyHandler(proxyAddress, proxy.username(), proxy.password());
            case SOCKS5 -> new Socks5ProxyHandler(proxyAddress, proxy.username(), proxy.password());
        };
        handler.setConnectTimeoutMillis(connectTimeoutMillis());
        return handler;
    }

    /** The TLS context, built on first use of an {@code https://} origin. */
    @Override
    public SslContext sslContext() {
        SslContext context = sslContext;
        if (context == null) {
            synchronized (this) {
                context = sslContext;
                if (context == null) {
                    context = ClientTlsContext.create(options.tls(), options.protocol());
                    sslContext = context;
                }
            }
        }
        return context;
    }

    @Override
    public QuicClient quic() {
        return quic;
    }

    @Override
    public AlternativeService alternative(HostKey key) {
        return alternatives == null ? null : alternatives.of(key);
    }

    /** The origins' advertised HTTP/3 alternatives, null unless discovered; for tests. */
    AlternativeServices alternatives() {
        return alternatives;
    }

    /** Keeps {@code channel} among the connections that {@link #close()} waits for. */
    @Override
    public void track(Channel channel) {
        channels.add(channel);
    }

    @Override
    public EventLoop loop(int index) {
        return loops.get(index);
    }

    @Override
    public int loopCount() {
        return loops.size();
    }

    @Override
    public int maxConnectionsPerHost() {
        return options.maxConnectionsPerHost();
    }

    @Override
    public int maxPendingAcquires() {
        return options.maxPendingAcquires();
    }

    @Override
    public long poolExpiryNanos() {
        return options.poolExpiry().toNanos();
    }

    @Override
    public Connector connector(HostKey key, EventLoop loop, ConnectionOwner owner) {
        return new HostConnector(this, key, loop, owner);
    }

    @Override
    public HttpClientException clientClosed(HostKey key) {
        return Failures.clientClosed(key);
    }

    @Override
    public Throwable poolExhausted(HostKey key, int maxConnections, int maxPending) {
        return new PoolExhaustedException(key.toString(), maxConnections, maxPending);
    }

    @Override
    public void poolCreated(HostPool pool) {
        if (metrics != null) {
            metrics.poolCreated(pool);
        }
    }

    @Override
    public void poolRemoved(HostPool pool) {
        if (metrics != null) {
            metrics.poolRemoved(pool);
        }
    }

    int chooseLoop(int bound) {
        return loops.choose(bound);
    }

    long acquireTimeoutNanos() {
        return acquireTimeoutNanos;
    }

    @Override
    public long idleTimeoutNanos() {
        return idleTimeoutNanos;
    }

    @Override
    public long connectTimeoutMillis() {
        return options.connectTimeout().toMillis();
    }

    /** Open connections to the origin of {@code uri}; for tests. */
    int openConnections(URI uri) {
        HostPool pool = registry.find(Origins.key(uri));
        return pool == null ? 0 : pool.openConnections();
    }

    void backingOff(Call call) {
        backingOff.add(call);
    }

    void resumedAfterBackoff(Call call) {
        backingOff.remove(call);
    }

    /** Closes the pools, then the event loops if the client owns them. Idempotent. */
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Call call : backingOff) {
            call.abort(Failures.clientClosed(null));
        }
        backingOff.clear();
        registry.close();
        // let every connection close on its loop (handlers see it go inactive and release what they hold) before the
        // loops stop; a loop stopped first may drop a closing channel's buffers, io_uring's in particular
        ChannelGroupFuture closing = channels.close();
        if (loops.current() < 0) {
            closing.awaitUninterruptibly(2, TimeUnit.SECONDS); // not on one of the loops that do the closing
        }
        if (ownsGroup) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        resolver.close();
    }
}
