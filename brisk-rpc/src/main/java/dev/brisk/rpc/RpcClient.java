package dev.brisk.rpc;

import dev.brisk.rpc.internal.ClientRuntime;
import dev.brisk.rpc.internal.EnumTolerant;
import dev.brisk.rpc.internal.ForySerializer;
import dev.brisk.rpc.internal.ProviderSelection;
import dev.brisk.rpc.internal.ServiceProxy;
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
            return new RpcClient(new ClientRuntime(built, chosen, registry, ownsRegistry), filters);
        }
    }
}
