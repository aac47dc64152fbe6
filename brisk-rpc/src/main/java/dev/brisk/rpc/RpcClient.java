package dev.brisk.rpc;

import dev.brisk.rpc.internal.ClientRuntime;
import dev.brisk.rpc.internal.ForySerializer;
import dev.brisk.rpc.internal.ServiceProxy;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.spi.Serializer;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls services of {@link RpcServer}s through their Java interfaces:
 *
 * <pre>{@code
 * RpcClient client = RpcClient.builder().addresses("10.0.0.1:9000,10.0.0.2:9000").build();
 * UserService users = client.proxy(UserService.class);
 * User user = users.getUser(42);                                  // sync: waits for the answer
 * CompletableFuture<User> later = users.getUserAsync(42);          // async: completes on an event loop
 * }</pre>
 *
 * Futures of asynchronous methods complete on the client's event loop threads: callbacks attached to them must not
 * block (hand blocking work to an executor with {@code thenApplyAsync(..., executor)}).
 */
public final class RpcClient implements AutoCloseable {

    private final ClientRuntime runtime;
    private final List<RpcFilter> filters;
    private final Map<Class<?>, Object> proxies = new ConcurrentHashMap<>();

    private RpcClient(ClientRuntime runtime, List<RpcFilter> filters) {
        this.runtime = runtime;
        this.filters = List.copyOf(filters);
    }

    /** A builder with the default {@link RpcClientOptions}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The proxy of service interface {@code type} (one per type, made on first use and reused). Connections to the
     * service's providers open on first use; a call made before one is ready waits for it within its timeout.
     */
    public <T> T proxy(Class<T> type) {
        Objects.requireNonNull(type, "service type must not be null");
        Object proxy = proxies.get(type);
        if (proxy == null) {
            // made outside the map's lock: the first proxy of a service may wait for the registry
            Object created = ServiceProxy.create(runtime, type, filters);
            proxy = proxies.putIfAbsent(type, created);
            if (proxy == null) {
                proxy = created;
            }
        }
        return type.cast(proxy);
    }

    /** The options it runs with. */
    public RpcClientOptions options() {
        return runtime.options();
    }

    /** Closes every connection (calls in flight fail) and stops the event loops. Idempotent. */
    @Override
    public void close() {
        runtime.close();
    }

    /** Collects providers and options; {@link #build()} makes the client. */
    public static final class Builder {

        private final RpcClientOptions.Builder options = RpcClientOptions.builder();
        private final List<RpcFilter> filters = new ArrayList<>();
        private Registry registry;
        private boolean ownsRegistry;
        private Serializer serializer;

        private Builder() {
        }

        /** A fixed list of providers of every service: comma-separated {@code host:port} pairs. */
        public Builder addresses(String addresses) {
            this.registry = StaticRegistry.of(addresses);
            this.ownsRegistry = true;
            return this;
        }

        /** Learns the providers of each service from {@code registry} (the application closes it). */
        public Builder registry(Registry registry) {
            this.registry = Objects.requireNonNull(registry, "registry must not be null");
            this.ownsRegistry = false;
            return this;
        }

        /** Adds a filter around every proxy method; filters run in the order added, the first outermost. */
        public Builder filter(RpcFilter filter) {
            filters.add(Objects.requireNonNull(filter, "filter must not be null"));
            return this;
        }

        /**
         * Chooses a serializer by name: {@code fory} (the default), {@code kryo} (needs {@code com.esotericsoftware:kryo}),
         * {@code protobuf} (needs {@code com.google.protobuf:protobuf-java}; generated message types only), or the
         * {@link Serializer#name()} of one found by {@link java.util.ServiceLoader}. Client and server must choose the
         * same: the hello compares the names and the server refuses a client with another one.
         */
        public Builder serializer(String name) {
            return serializer(dev.brisk.rpc.internal.Serializers.named(Objects.requireNonNull(name,
                    "serializer name must not be null")));
        }

        /** Replaces the default serializer (Apache Fory); servers must use a compatible one. */
        public Builder serializer(Serializer serializer) {
            this.serializer = Objects.requireNonNull(serializer, "serializer must not be null");
            return this;
        }

        /** Replaces every option with those of {@code options}. */
        public Builder options(RpcClientOptions options) {
            RpcClientOptions o = Objects.requireNonNull(options, "options must not be null");
            this.options.transport(o.transport()).ioThreads(o.ioThreads()).tls(o.tls())
                    .connectionsPerProvider(o.connectionsPerProvider()).maxFrameSize(o.maxFrameSize())
                    .callTimeout(o.callTimeout()).connectTimeout(o.connectTimeout())
                    .heartbeatInterval(o.heartbeatInterval()).reconnectInitialBackoff(o.reconnectInitialBackoff())
                    .reconnectMaxBackoff(o.reconnectMaxBackoff()).loadBalance(o.loadBalance())
                    .maxRetries(o.maxRetries()).circuitBreakerThreshold(o.circuitBreakerThreshold())
                    .circuitBreakerOpenDuration(o.circuitBreakerOpenDuration())
                    .allowed(o.allowTypes(), o.allowPackages());
            return this;
        }

        /** The options as set so far; fails like {@link #build()} when one is invalid. */
        public RpcClientOptions options() {
            return options.build();
        }

        /** Socket transport; default {@link Transport#AUTO}. */
        public Builder transport(Transport transport) {
            options.transport(transport);
            return this;
        }

        /** Event loop threads; default the number of processors. */
        public Builder ioThreads(int ioThreads) {
            options.ioThreads(ioThreads);
            return this;
        }

        /** TLS on every connection; default none. */
        public Builder tls(TlsOptions tls) {
            options.tls(tls);
            return this;
        }

        /** Connections per provider; default 2. */
        public Builder connectionsPerProvider(int connectionsPerProvider) {
            options.connectionsPerProvider(connectionsPerProvider);
            return this;
        }

        /** Largest frame sent or received; default 16 MiB. */
        public Builder maxFrameSize(int maxFrameSize) {
            options.maxFrameSize(maxFrameSize);
            return this;
        }

        /**
         * Arguments of at least {@code bytes} go deflated (the frame's compressed flag); default 0: never. Deflated bodies
         * from the other side are always accepted.
         */
        public Builder compressionThreshold(int bytes) {
            options.compressionThreshold(bytes);
            return this;
        }

        /** Time limit of a call without {@link Timeout}, retries included; default 5 s. */
        public Builder callTimeout(Duration callTimeout) {
            options.callTimeout(callTimeout);
            return this;
        }

        /** Time limit of a connection attempt; default 3 s. */
        public Builder connectTimeout(Duration connectTimeout) {
            options.connectTimeout(connectTimeout);
            return this;
        }

        /** Heartbeat on idle connections; default 15 s, zero for none. */
        public Builder heartbeatInterval(Duration heartbeatInterval) {
            options.heartbeatInterval(heartbeatInterval);
            return this;
        }

        /** First reconnect delay, doubled per failed attempt; default 100 ms. */
        public Builder reconnectInitialBackoff(Duration reconnectInitialBackoff) {
            options.reconnectInitialBackoff(reconnectInitialBackoff);
            return this;
        }

        /** Longest reconnect delay; default 5 s. */
        public Builder reconnectMaxBackoff(Duration reconnectMaxBackoff) {
            options.reconnectMaxBackoff(reconnectMaxBackoff);
            return this;
        }

        /** How providers are picked; default {@link LoadBalance#ROUND_ROBIN}. */
        public Builder loadBalance(LoadBalance loadBalance) {
            options.loadBalance(loadBalance);
            return this;
        }

        /** Further attempts on other providers for {@link Idempotent} methods; default 2. */
        public Builder maxRetries(int maxRetries) {
            options.maxRetries(maxRetries);
            return this;
        }

        /**
         * Consecutive failures (timeouts, lost connections, overload; not exceptions thrown by the service) after which
         * a provider gets no calls for a while; default 0, off.
         */
        public Builder circuitBreakerThreshold(int circuitBreakerThreshold) {
            options.circuitBreakerThreshold(circuitBreakerThreshold);
            return this;
        }

        /** How long a tripped provider gets no calls; default 10 s. */
        public Builder circuitBreakerOpenDuration(Duration circuitBreakerOpenDuration) {
            options.circuitBreakerOpenDuration(circuitBreakerOpenDuration);
            return this;
        }

        /**
         * Adds classes whose values (results, exceptions) may be read besides those derived from the service
         * interfaces (the runtime classes of fields declared as an interface, an abstract class or {@code Object});
         * every other class a server names is refused before it is created. See docs/rpc.md, "Serializers and trust".
         */
        public Builder allowTypes(Class<?>... types) {
            options.allowTypes(types);
            return this;
        }

        /** Adds packages (with their subpackages) whose classes may all be read; the JDK's are refused. */
        public Builder allowPackages(String... packages) {
            options.allowPackages(packages);
            return this;
        }

        /** Validates and makes the client; fails when no provider source was given. */
        public RpcClient build() {
            RpcClientOptions built = options.build();
            if (registry == null) {
                throw new IllegalStateException("an RpcClient needs providers: call addresses(\"host:port,...\") or"
                        + " registry(registry)");
            }
            Serializer chosen = serializer != null ? serializer : new ForySerializer();
            return new RpcClient(new ClientRuntime(built, chosen, registry, ownsRegistry), filters);
        }
    }
}
