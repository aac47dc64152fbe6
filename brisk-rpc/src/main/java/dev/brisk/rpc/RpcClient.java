package dev.brisk.rpc;

import dev.brisk.rpc.internal.ClientRuntime;
import dev.brisk.rpc.internal.CallTracing;
import dev.brisk.rpc.internal.EnumTolerant;
import dev.brisk.rpc.internal.ForySerializer;
import dev.brisk.rpc.internal.Observers;
import dev.brisk.rpc.internal.ProviderSelection;
import dev.brisk.rpc.internal.ServiceProxy;
import dev.brisk.rpc.observe.RpcObserver;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.spi.Serializer;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.spi.Checks;

import dev.brisk.rpc.internal.Serializers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

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
    private final Map<Reference, Object> proxies = new ConcurrentHashMap<>();

    /** What a proxy is made for: a service interface and the providers it calls. */
    private record Reference(Class<?> type, ReferenceOptions options) {
    }

    private RpcClient(ClientRuntime runtime, List<RpcFilter> filters) {
        this.runtime = runtime;
        this.filters = List.copyOf(filters);
    }

    /** A builder with the default {@link RpcClientOptions}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The proxy of service interface {@code type} (one per type, made on first use and reused), calling the providers
     * of the client's {@link RpcClientOptions#version() version} and {@link RpcClientOptions#group() group}.
     * Connections to the service's providers open on first use; a call made before one is ready waits for it within
     * its timeout.
     */
    public <T> T proxy(Class<T> type) {
        return proxy(type, runtime.options().reference());
    }

    /**
     * The proxy of service interface {@code type} calling the providers {@code reference} chooses, starting from the
     * client's version and group: {@code proxy(OrderService.class, ref -> ref.version("[2.0,3.0)").group("eu"))}.
     * One proxy per type and choice, reused.
     *
     * @throws IllegalArgumentException when the version is not a version range
     */
    public <T> T proxy(Class<T> type, Consumer<ReferenceOptions.Builder> reference) {
        ReferenceOptions.Builder builder = runtime.options().reference().toBuilder();
        Objects.requireNonNull(reference, "reference must not be null").accept(builder);
        return proxy(type, builder.build());
    }

    /** The proxy of service interface {@code type} calling the providers {@code reference} chooses. */
    public <T> T proxy(Class<T> type, ReferenceOptions reference) {
        Objects.requireNonNull(type, "service type must not be null");
        Reference key = new Reference(type, Objects.requireNonNull(reference, "reference must not be null"));
        Object proxy = proxies.get(key);
        if (proxy == null) {
            // made outside the map's lock: the first proxy of a service may wait for the registry
            Object created = ServiceProxy.create(runtime, type, filters,
                    ProviderSelection.of(reference.version(), reference.group()));
            proxy = proxies.putIfAbsent(key, created);
            if (proxy == null) {
                proxy = created;
            }
        }
        return type.cast(proxy);
    }

    /**
     * Waits until at least {@code count} providers of service interface {@code type} are connected (have said hello),
     * subscribing to its providers and connecting first if no proxy of it was made yet: for a service that should
     * not take traffic before its dependencies can answer. Returns at once when they are.
     *
     * @throws NoProviderException when {@code timeout} passes first, saying how many were connected and which are
     *                             known
     */
    public void awaitProviders(Class<?> type, int count, Duration timeout) {
        Objects.requireNonNull(type, "service type must not be null");
        Checks.positive(count, "count");
        Checks.notNegative(timeout, "timeout");
        proxy(type);
        runtime.awaitProviders(ServiceProxy.serviceName(type), count, timeout);
    }

    /**
     * What the client knows of the providers of every service it subscribed to (by a proxy or
     * {@link #awaitProviders}), sorted by service name: for each provider its address, registered version and weight,
     * state, connections, calls in flight, average answer time and ejections. Cheap to take and never in the way of
     * calls: it reads what the calls keep up to date, without their locks.
     */
    public List<ServiceStatus> providers() {
        return runtime.providers();
    }

    /**
     * What the client knows of the providers of service interface {@code type}; no providers when the client never
     * subscribed to it (this does not subscribe).
     */
    public ServiceStatus providers(Class<?> type) {
        Objects.requireNonNull(type, "service type must not be null");
        return runtime.providers(ServiceProxy.serviceName(type));
    }

    /**
     * Takes the provider at {@code address} ({@code host:port}, as {@link ProviderStatus#address()} shows it) out of
     * this client's rotation for every service: new calls go to other providers, calls in flight finish, connections
     * stay open; {@link #providers()} shows it {@link ProviderState#OFFLINE}. For a provider the registry cannot take
     * away (fixed {@code addresses}, another team's registry) or one only this client has trouble with; a provider
     * leaving for good goes through {@link RpcServer#offline()}, which every consumer sees. Also applies to a provider
     * that appears later at that address. Returns whether that changed anything (idempotent).
     */
    public boolean offline(String address) {
        return runtime.offline(address(address), true);
    }

    /** Puts the provider at {@code address} back in rotation after {@link #offline(String)}; idempotent. */
    public boolean online(String address) {
        return runtime.offline(address(address), false);
    }

    /** The addresses {@link #offline(String)} took out of rotation, sorted. */
    public List<String> offlineAddresses() {
        return runtime.offlineAddresses();
    }

    private static String address(String address) {
        Objects.requireNonNull(address, "address must not be null");
        String trimmed = address.trim();
        if (trimmed.isEmpty() || trimmed.lastIndexOf(':') <= 0) {
            throw new IllegalArgumentException("address must be host:port: '" + address + "'");
        }
        return trimmed;
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

        private RpcClientOptions.Builder options = RpcClientOptions.builder();
        private final List<RpcFilter> filters = new ArrayList<>();
        private Registry registry;
        private boolean ownsRegistry;
        private Serializer serializer;
        private final List<RpcObserver> observers = new ArrayList<>();
        private boolean openTelemetry;

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
            return serializer(Serializers.named(Objects.requireNonNull(name,
                    "serializer name must not be null")));
        }

        /** Replaces the default serializer (Apache Fory); servers must use a compatible one. */
        public Builder serializer(Serializer serializer) {
            this.serializer = Objects.requireNonNull(serializer, "serializer must not be null");
            return this;
        }

        /** Replaces every option with those of {@code options}. */
        public Builder options(RpcClientOptions options) {
            this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
            return this;
        }

        /**
         * Changes options on the {@link RpcClientOptions.Builder} this builder holds, where every option is set and
         * documented with its default: {@code options(o -> o.ioThreads(2))}.
         */
        public Builder options(Consumer<RpcClientOptions.Builder> change) {
            Objects.requireNonNull(change, "change must not be null").accept(options);
            return this;
        }

        /** The options as set so far; fails like {@link #build()} when one is invalid. */
        public RpcClientOptions options() {
            return options.build();
        }

        /**
         * Installs {@code observer}, which hears of every call of this client that ends, of providers joining, leaving,
         * ejected and restored, and reads the client's live counts (brisk-micrometer's {@code BriskRpcMetrics} is
         * one). Each call adds one; default none, and then a call pays a null check.
         */
        public Builder observer(RpcObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer must not be null"));
            return this;
        }

        /**
         * Records a CLIENT span per call through OpenTelemetry's global instance (needs
         * {@code io.opentelemetry:opentelemetry-api}), child of the calling thread's span; the call carries it as its
         * {@code traceparent}, which a server tracing too continues. Default off: calls then still carry the calling
         * thread's W3C trace context. See docs/rpc.md.
         */
        public Builder openTelemetry(boolean openTelemetry) {
            this.openTelemetry = openTelemetry;
            return this;
        }

        /** TLS on every connection; default none. */
        public Builder tls(TlsOptions tls) {
            options.tls(tls);
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
            if (chosen instanceof EnumTolerant tolerant) {
                tolerant.unknownEnumConstants(built.unknownEnumConstants());
            }
            CallTracing tracing = openTelemetry ? CallTracing.openTelemetry() : null;
            return new RpcClient(new ClientRuntime(built, chosen, registry, ownsRegistry, Observers.of(observers),
                    tracing), filters);
        }
    }
}
