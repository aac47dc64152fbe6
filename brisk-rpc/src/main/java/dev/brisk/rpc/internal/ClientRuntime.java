package dev.brisk.rpc.internal;

import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.RpcClientOptions;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.ServiceStatus;
import dev.brisk.rpc.observe.ProviderChange;
import dev.brisk.rpc.observe.RpcClientView;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;

import dev.brisk.rpc.spi.Serializer;
import dev.brisk.transport.TlsContexts;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A built client: its event loops, the connection pools per provider address (shared by the services a provider
 * offers), a cluster per service kept in line with the registry, and the balancer.
 */
public final class ClientRuntime {

    private final RpcClientOptions options;
    private final Serializer serializer;
    private final Registry registry;
    private final boolean ownsRegistry;
    private final EventLoopGroup group;
    private final Transport transport;
    private final SslContext ssl;
    private final Balancer balancer;
    private final Map<String, ProviderPool> pools = new HashMap<>();
    private final Map<String, Integer> poolUsers = new HashMap<>();
    private final Map<String, Cluster> clusters = new ConcurrentHashMap<>();
    /** Addresses the operator took out of rotation, guarded by this. */
    private final Set<String> offline = new HashSet<>();
    private volatile CompletableFuture<Void> readySignal = new CompletableFuture<>();
    /** Counts changes of the providers and of what they said in their hellos: method routes are rebuilt after one. */
    private final AtomicLong routing = new AtomicLong();
    private volatile boolean closed;
    private volatile AllowedTypes allowed = AllowedTypes.jdkValues();
    /** What hears of its calls and providers, and what traces its calls; null for none. */
    private final Observers observer;
    private final CallTracing tracing;
    private final RpcClientView view = new View();

    /** A client whose calls {@code observer} hears of and {@code tracing} traces, each {@code null} for none. */
    public ClientRuntime(RpcClientOptions options, Serializer serializer, Registry registry, boolean ownsRegistry,
                         Observers observer, CallTracing tracing) {
        this.observer = observer;
        this.tracing = tracing;
        this.options = options;
        this.serializer = serializer;
        this.registry = registry;
        this.ownsRegistry = ownsRegistry;
        this.transport = Transports.resolve(options.transport());
        this.ssl = options.tls().map(tls -> TlsContexts.forClient(tls, List.of(), List.of())).orElse(null);
        this.group = Transports.newGroup(transport, options.ioThreads(), "brisk-rpc-client", true);
        this.balancer = Balancer.of(options.loadBalance());
        if (observer != null) {
            observer.clientOpened(view);
        }
    }

    /** What hears of its calls and providers; {@code null} for none. */
    Observers observer() {
        return observer;
    }

    /** What traces its calls; {@code null} for none. */
    CallTracing tracing() {
        return tracing;
    }

    public RpcClientOptions options() {
        return options;
    }

    Serializer serializer() {
        return serializer;
    }

    /**
     * Adds what {@code service} exchanges, with the options' allow-list, to what this client reads (results and
     * exceptions), and prepares the serializer with it.
     */
    synchronized void allow(ServiceModel service) {
        AllowedTypes added = TypeClosure.allowed(List.of(service), options.allowList());
        allowed = allowed.with(added);
        serializer.prepare(added);
    }

    /** The classes this client reads: those of the services it proxies and those opted in. */
    AllowedTypes allowed() {
        return allowed;
    }

    EventLoopGroup group() {
        return group;
    }

    Balancer balancer() {
        return balancer;
    }

    boolean closed() {
        return closed;
    }

    /**
     * The cluster of {@code service}, subscribed to the registry on first use. The subscription runs outside the
     * client's lock (a registry may wait for its server there, ZooKeeper up to its connection timeout): callers of
     * other services go on meanwhile, and only callers of the same service wait for its first subscription.
     */
    Cluster cluster(String service) {
        Cluster cluster = clusters.get(service);
        if (cluster != null && cluster.subscribed().isDone() && !cluster.subscribed().isCompletedExceptionally()) {
            return cluster;
        }
        boolean mine = false;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the client is closed");
            }
            cluster = clusters.get(service);
            if (cluster == null) {
                cluster = new Cluster(service,
                        new OutlierDetector(options.outlierFailures() > 0, options.maxEjectedPercent(), service,
                                observer));
                clusters.put(service, cluster);
                mine = true;
            }
        }
        if (mine) {
            subscribe(cluster);
        }
        try {
            cluster.subscribed().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
        return cluster;
    }

    private void subscribe(Cluster cluster) {
        Registry.Subscription subscription;
        try {
            subscription = registry.subscribe(cluster.service(), providers -> update(cluster, providers));
        } catch (RuntimeException e) {
            synchronized (this) {
                clusters.remove(cluster.service(), cluster);
            }
            cluster.subscribed().completeExceptionally(e);
            throw e;
        }
        boolean closedMeanwhile;
        synchronized (this) {
            closedMeanwhile = closed;
            cluster.subscription(subscription);
        }
        if (closedMeanwhile) {
            subscription.close();
        }
        cluster.subscribed().complete(null);
    }

    private void update(Cluster cluster, List<ProviderInfo> providers) {
        if (replace(cluster, providers)) {
            signalReady();   // calls that waited for the registry's first answer look at it now
        }
    }

    /** Puts the providers the registry reported in place; returns whether they are the first it reported. */
    private synchronized boolean replace(Cluster cluster, List<ProviderInfo> providers) {
        if (closed) {
            return false;
        }
        Map<String, ProviderInfo> byAddress = new LinkedHashMap<>();
        for (ProviderInfo provider : providers) {
            byAddress.putIfAbsent(provider.address(), provider);
        }
        List<ProviderPool> next = new ArrayList<>();
        Map<ProviderPool, ProviderInfo> described = new HashMap<>();
        for (ProviderInfo provider : byAddress.values()) {
            ProviderPool pool = acquire(provider);
            next.add(pool);
            described.put(pool, provider);
        }
        List<ProviderPool> previous = cluster.providers();
        cluster.described(described);
        boolean first = cluster.providers(next);
        routesChanged();
        for (ProviderPool pool : previous) {
            release(pool);
        }
        if (observer != null) {
            changed(cluster.service(), previous, next);
        }
        return first;
    }

    /** Tells the observer which providers of {@code service} joined and which left. */
    private void changed(String service, List<ProviderPool> previous, List<ProviderPool> next) {
        for (ProviderPool pool : next) {
            if (!previous.contains(pool)) {
                observer.providerChanged(new ProviderChange(service, pool.address(), ProviderChange.Kind.JOINED));
            }
        }
        for (ProviderPool pool : previous) {
            if (!next.contains(pool)) {
                observer.providerChanged(new ProviderChange(service, pool.address(), ProviderChange.Kind.LEFT));
            }
        }
    }

    /**
     * Waits until at least {@code count} providers of {@code service} have a ready connection; fails with a
     * {@link NoProviderException} saying how many are known and ready when {@code timeout} passes first.
     */
    public void awaitProviders(String service, int count, Duration timeout) {
        Cluster cluster = cluster(service);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CompletableFuture<Void> signal = readySignal();
            if (cluster.connectedProviders() >= count) {
                return;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0 || closed) {
                break;
            }
            try {
                signal.get(remaining, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                break;
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RpcException("interrupted while waiting for providers of " + service, e);
            }
        }
        if (closed) {
            throw new IllegalStateException("the client is closed");
        }
        int connected = cluster.connectedProviders();
        if (connected >= count) {
            return;
        }
        RpcException refusal = cluster.refusal(Set.of());
        throw new NoProviderException(connected + " of the " + count + " providers of " + service
                + " awaited were connected within " + timeout.toMillis() + " ms; known: " + cluster.providers()
                + (refusal != null ? "; " + refusal.getMessage() : ""), refusal);
    }

    private ProviderPool acquire(ProviderInfo provider) {
        String address = provider.address();
        ProviderPool pool = pools.get(address);
        if (pool == null) {
            pool = new ProviderPool(this, provider.host(), provider.port(), address,
                    options.connectionsPerProvider());
            pool.health().offline(offline.contains(address));
            pools.put(address, pool);
            pool.open();
        }
        pool.weight(provider.weight());
        poolUsers.merge(address, 1, Integer::sum);
        return pool;
    }

    private void release(ProviderPool pool) {
        Integer users = poolUsers.merge(pool.address(), -1, Integer::sum);
        if (users != null && users <= 0) {
            poolUsers.remove(pool.address());
            pools.remove(pool.address());
            pool.retire();
        }
    }

    /**
     * Takes the provider at {@code address} out of rotation ({@code true}), or puts it back: no new call goes to it,
     * whichever service, while its connections stay open and its calls in flight finish. Also applies to a provider
     * the registry reports later at that address. Returns whether that changed anything.
     */
    public boolean offline(String address, boolean offline) {
        boolean changed;
        synchronized (this) {
            changed = offline ? this.offline.add(address) : this.offline.remove(address);
            ProviderPool pool = pools.get(address);
            if (pool != null) {
                pool.health().offline(offline);
            }
        }
        if (changed && !offline) {
            signalReady();   // a call waiting for a provider looks again
        }
        return changed;
    }

    /** The addresses taken out of rotation, sorted. */
    public synchronized List<String> offlineAddresses() {
        return offline.stream().sorted().toList();
    }

    /** What every service subscribed to looks like now, by service name. */
    public List<ServiceStatus> providers() {
        List<ServiceStatus> all = new ArrayList<>();
        for (Cluster cluster : clusters.values()) {
            all.add(ProviderSnapshots.of(cluster));
        }
        all.sort(Comparator.comparing(ServiceStatus::service));
        return all;
    }

    /** What {@code service} looks like now; no providers when it was never subscribed to. */
    public ServiceStatus providers(String service) {
        Cluster cluster = clusters.get(service);
        return cluster == null ? new ServiceStatus(service, List.of()) : ProviderSnapshots.of(cluster);
    }

    /** Opens a channel to {@code host:port} with {@code handler} last in its pipeline. */
    ChannelFuture connect(String host, int port, ChannelHandler handler) {
        long heartbeat = options.pingInterval().toMillis();
        return new Bootstrap()
                .group(group)
                .channel(Transports.socketChannel(transport))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.connectTimeout().toMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ChannelPipeline pipeline = ch.pipeline();
                        if (ssl != null) {
                            pipeline.addLast("tls", ssl.newHandler(ch.alloc(), host, port));
                        }
                        if (heartbeat > 0) {
                            pipeline.addLast("idle", new IdleStateHandler(heartbeat, heartbeat, 0,
                                    TimeUnit.MILLISECONDS));
                        }
                        pipeline.addLast("frames", new FrameDecoder(options.maxFrameSize()));
                        pipeline.addLast("calls", handler);
                    }
                })
                .connect(host, port);
    }

    /** Whether the calling thread is one of this client's event loops. */
    boolean inEventLoop() {
        if (!(Thread.currentThread() instanceof FastThreadLocalThread)) {
            return false;
        }
        for (EventExecutor loop : group) {
            if (loop.inEventLoop()) {
                return true;
            }
        }
        return false;
    }

    /** The count of changes {@link MethodRoute}s compare with the one they were built at. */
    long routing() {
        return routing.get();
    }

    /** The providers of a service, or what one said in its hello, changed: method routes are rebuilt on next use. */
    void routesChanged() {
        routing.incrementAndGet();
    }

    /** Completes when some connection becomes ready next. */
    CompletableFuture<Void> readySignal() {
        return readySignal;
    }

    void signalReady() {
        CompletableFuture<Void> signal;
        synchronized (this) {
            signal = readySignal;
            readySignal = new CompletableFuture<>();
        }
        signal.complete(null);
    }

    /** Closes every connection (calls in flight fail), the subscriptions and the event loops. Idempotent. */
    public void close() {
        List<ProviderPool> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (observer != null) {
                clusters.values().forEach(cluster -> changed(cluster.service(), cluster.providers(), List.of()));
            }
            clusters.values().forEach(Cluster::unsubscribe);
            open = new ArrayList<>(pools.values());
            pools.clear();
            poolUsers.clear();
        }
        open.forEach(ProviderPool::close);
        if (ownsRegistry) {
            registry.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        if (observer != null) {
            observer.clientClosed(view);
        }
    }

    /** The client's live counts, as its observers read them. */
    private final class View implements RpcClientView {

        @Override
        public int callsInFlight() {
            List<ProviderPool> open;
            synchronized (ClientRuntime.this) {
                open = new ArrayList<>(pools.values());
            }
            int inFlight = 0;
            for (ProviderPool pool : open) {
                inFlight += pool.inFlight();
            }
            return inFlight;
        }

        @Override
        public Set<String> services() {
            return new TreeSet<>(clusters.keySet());
        }

        @Override
        public int providers(String service) {
            Cluster cluster = clusters.get(service);
            return cluster == null ? 0 : cluster.providers().size();
        }

        @Override
        public int ejectedProviders(String service) {
            Cluster cluster = clusters.get(service);
            if (cluster == null) {
                return 0;
            }
            int ejected = 0;
            for (ProviderPool pool : cluster.providers()) {
                if (pool.health().ejected()) {
                    ejected++;
                }
            }
            return ejected;
        }

        @Override
        public String toString() {
            return "RpcClient view of " + clusters.keySet();
        }
    }
}
