package dev.brisk.rpc;

import dev.brisk.rpc.http.HttpJson;
import dev.brisk.rpc.http.HttpProblem;
import dev.brisk.rpc.http.OperatorRoutes;
import dev.brisk.rpc.observe.RpcObserver;
import dev.brisk.rpc.internal.CallTracing;
import dev.brisk.rpc.internal.EnumTolerant;
import dev.brisk.rpc.internal.ForySerializer;
import dev.brisk.rpc.internal.Observers;
import dev.brisk.rpc.internal.ServerContext;
import dev.brisk.rpc.internal.ServerRuntime;
import dev.brisk.rpc.internal.ServerService;
import dev.brisk.rpc.internal.ServiceModel;
import dev.brisk.rpc.internal.SharedProtocol;
import dev.brisk.rpc.internal.TypeClosure;
import dev.brisk.rpc.internal.WorkerPools;
import dev.brisk.rpc.internal.http.HttpJsonEndpoints;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.spi.Serializer;
import dev.brisk.transport.TlsOptions;

import dev.brisk.rpc.internal.Serializers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An RPC server offering Java interfaces to {@link RpcClient}s:
 *
 * <pre>{@code
 * RpcServer server = RpcServer.builder().port(9000).service(UserService.class, new UserServiceImpl()).start();
 * ...
 * server.close();   // GOAWAY, drain, stop
 * }</pre>
 *
 * Every method of a service interface is callable: sync ones return their value, async ones a
 * {@link java.util.concurrent.CompletionStage}. Methods run on a worker pool by default ({@link Dispatch}).
 */
public final class RpcServer implements AutoCloseable {

    private final ServerRuntime runtime;

    private RpcServer(ServerRuntime runtime) {
        this.runtime = runtime;
    }

    /** A builder with the default {@link RpcServerOptions}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The port the server listens on (the chosen one when 0 was asked). */
    public int port() {
        return runtime.port();
    }

    /** The options it runs with. */
    public RpcServerOptions options() {
        return runtime.options();
    }

    /** Connections open now. */
    public int connections() {
        return runtime.connections();
    }

    /**
     * Calls answered "timeout" (one-way ones dropped) without running because their caller's deadline passed before a
     * thread could start them: while they waited for a worker, or, with
     * {@link RpcServerOptions#wallClockDeadlines()}, before the server read them. Counted since the server started.
     */
    public long expiredCalls() {
        return runtime.expiredCalls();
    }

    /** Where the server is in its life: serving, offline, shutting down or closed. */
    public ServerState state() {
        return runtime.state();
    }

    /** The wire names of the services it offers, in the order they were added. */
    public List<String> services() {
        return runtime.services();
    }

    /**
     * Takes the server out of its registry while it keeps serving (an operator's "offline", before a deployment or to
     * take a misbehaving instance out of rotation): every service is unregistered, so consumers stop choosing it once
     * their view of the registry updates; the port, the connections and every call that still reaches it stay served,
     * in-flight and queued ones included. Without a registry it only changes {@link #state()}: consumers given fixed
     * addresses go on calling it (take it out of theirs with {@link RpcClient#offline(String)}). Nothing happens
     * unless it is {@link ServerState#SERVING}.
     */
    public void offline() {
        runtime.offline();
    }

    /**
     * Registers every service again after {@link #offline()}; nothing happens while serving.
     *
     * @throws IllegalStateException once {@link #close()} has begun
     */
    public void online() {
        runtime.online();
    }

    /** Bytes of the RPC connections waiting for their peers to read them (what the connection limits bound). */
    long queuedBytes() {
        return runtime.queuedBytes();
    }

    /** Connections that stopped reading until their peers take their answers. */
    int pausedConnections() {
        return runtime.pausedConnections();
    }

    /**
     * Shuts down gracefully: unregisters from the registry, stops accepting, tells every client GOAWAY (they send no
     * new calls here and close their connections once their calls are answered), waits up to {@code shutdownTimeout}
     * for that, then closes what is left. Idempotent.
     */
    @Override
    public void close() {
        runtime.shutdown(runtime.options().shutdownTimeout());
    }

    /** Shuts down without waiting for calls in flight: their clients see the connection drop. */
    public void closeNow() {
        runtime.shutdown(Duration.ZERO);
    }

    /** Collects services and options; {@link #start()} binds. */
    public static final class Builder {

        private RpcServerOptions.Builder options = RpcServerOptions.builder();
        private final List<Object[]> services = new ArrayList<>();
        private final List<RpcFilter> filters = new ArrayList<>();
        private Registry registry;
        private Serializer serializer;
        private boolean http;
        private HttpJson httpJson;
        private Function<? super Throwable, HttpProblem> httpProblems = failure -> null;
        private OperatorRoutes operatorRoutes;
        private final List<RpcObserver> observers = new ArrayList<>();
        private boolean openTelemetry;

        private Builder() {
        }

        /** Adds a filter around every service method; filters run in the order added, the first outermost. */
        public Builder filter(RpcFilter filter) {
            filters.add(Objects.requireNonNull(filter, "filter must not be null"));
            return this;
        }

        /** Offers {@code implementation} as {@code type}, run as the server's {@code dispatch} option says. */
        public <T> Builder service(Class<T> type, T implementation) {
            return add(type, implementation, null);
        }

        /** Offers {@code implementation} as {@code type}, run on {@code dispatch} whatever the server's default. */
        public <T> Builder service(Class<T> type, T implementation, Dispatch dispatch) {
            return add(type, implementation, Objects.requireNonNull(dispatch, "dispatch must not be null"));
        }

        /** Offers {@code implementation} as {@code type}, run on {@code executor} (the application owns it). */
        public <T> Builder service(Class<T> type, T implementation, Executor executor) {
            return add(type, implementation, Objects.requireNonNull(executor, "executor must not be null"));
        }

        private Builder add(Class<?> type, Object implementation, Object dispatch) {
            Objects.requireNonNull(type, "service type must not be null");
            Objects.requireNonNull(implementation, "implementation of " + type.getName() + " must not be null");
            services.add(new Object[] {type, implementation, dispatch});
            return this;
        }

        /** Registers every service with {@code registry} once bound, and unregisters them first on close. */
        public Builder registry(Registry registry) {
            this.registry = Objects.requireNonNull(registry, "registry must not be null");
            return this;
        }

        /**
         * Also serves the services over HTTP/JSON on the same port, under {@code POST /rpc/{service}/{method}}
         * (needs {@code dev.brisk:brisk-rest} on the class path); default off. The port tells an RPC client from an
         * HTTP one by its first bytes. See docs/rpc.md.
         */
        public Builder http(boolean http) {
            this.http = http;
            if (!http) {
                this.httpJson = null;
            }
            return this;
        }

        /**
         * Serves the services over HTTP/JSON on the same port (as {@link #http(boolean)}) through the brisk-rest
         * builder of {@code httpJson} ({@code http(HttpJson.over(Brisk.server()...))}), whose own routes, filters and
         * HTTP options (limits, timeouts, HTTP/2) apply there too; its port, host and threads do not: the RPC server's
         * serve.
         */
        public Builder http(HttpJson httpJson) {
            this.httpJson = Objects.requireNonNull(httpJson, "httpJson must not be null");
            this.http = true;
            return this;
        }

        /**
         * Maps the exceptions service methods throw (or fail their futures with) to the answers of the HTTP/JSON
         * face: {@code mapping} returns the problem to answer, or {@code null} to leave the exception to the default
         * mapping ({@code IllegalArgumentException} 400, {@code SecurityException} 403, {@code NoSuchElementException}
         * and exceptions named {@code *NotFoundException} 404, ..., anything else 500; see docs/rpc.md). Runs on the
         * thread that completes the call; an exception it throws is answered 500. RPC calls are not affected.
         */
        public Builder httpProblems(Function<? super Throwable, HttpProblem> mapping) {
            this.httpProblems = Objects.requireNonNull(mapping, "mapping must not be null");
            return this;
        }

        /**
         * Adds the operator's routes to the HTTP face ({@link #http(boolean)} must be on): {@code GET /rpc/providers},
         * {@code POST /rpc/offline} and {@code POST /rpc/online}, behind the access control {@code routes} sets.
         * Without it they do not exist ({@code 404}). See docs/rpc.md, "Operator's view".
         */
        public Builder operatorRoutes(OperatorRoutes routes) {
            this.operatorRoutes = Objects.requireNonNull(routes, "routes must not be null");
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

        /** Replaces the default serializer (Apache Fory); clients must use a compatible one. */
        public Builder serializer(Serializer serializer) {
            this.serializer = Objects.requireNonNull(serializer, "serializer must not be null");
            return this;
        }

        /** Replaces every option with those of {@code options}. */
        public Builder options(RpcServerOptions options) {
            this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
            return this;
        }

        /**
         * Changes options on the {@link RpcServerOptions.Builder} this builder holds, where every option is set and
         * documented with its default: {@code options(o -> o.ioThreads(2))}.
         */
        public Builder options(Consumer<RpcServerOptions.Builder> change) {
            Objects.requireNonNull(change, "change must not be null").accept(options);
            return this;
        }

        /** The options as set so far; fails like {@link #start()} when one is invalid. */
        public RpcServerOptions options() {
            return options.build();
        }

        /** Address to bind; default {@code 0.0.0.0}. */
        public Builder host(String host) {
            options.host(host);
            return this;
        }

        /** Port to bind; default 0, any free port. */
        public Builder port(int port) {
            options.port(port);
            return this;
        }

        /**
         * Installs {@code observer}, which hears of every call this server answers and reads the server's live counts
         * (brisk-micrometer's {@code BriskRpcMetrics} is one). Each call adds one; default none, and then a call pays
         * a null check. Calls of the HTTP/JSON face are not reported here: brisk-rest's HTTP meters count them.
         */
        public Builder observer(RpcObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer must not be null"));
            return this;
        }

        /**
         * Records a SERVER span per call through OpenTelemetry's global instance (needs
         * {@code io.opentelemetry:opentelemetry-api}), child of the caller's span its {@code traceparent} names, and
         * current (for OpenTelemetry and as {@link RpcContext#trace()}) while the service method runs. Default off:
         * the method's thread then still has the caller's W3C trace context. See docs/rpc.md.
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

        /** Validates, reads the services, binds and registers; returns once the port is open. */
        public RpcServer start() {
            RpcServerOptions built = options.build();
            if (services.isEmpty()) {
                throw new IllegalStateException("an RpcServer needs at least one service: call service(type, impl)");
            }
            Serializer chosen = serializer != null ? serializer : new ForySerializer();
            CallTracing tracing = openTelemetry ? CallTracing.openTelemetry() : null;
            List<ExecutorService> owned = new ArrayList<>();
            ExecutorService[] shared = new ExecutorService[Dispatch.values().length];
            List<ServerService> list = new ArrayList<>();
            Set<String> names = new HashSet<>();
            List<ServiceModel> models = new ArrayList<>();
            long timeout = built.methodTimeout().toMillis();
            try {
                for (Object[] entry : services) {
                    ServiceModel model = ServiceModel.of((Class<?>) entry[0]);
                    if (!names.add(model.name())) {
                        throw new IllegalArgumentException("service " + model.name() + " is offered twice");
                    }
                    Executor executor;
                    if (entry[2] instanceof Executor custom) {
                        executor = custom;
                    } else {
                        Dispatch dispatch = entry[2] == null ? built.dispatch() : (Dispatch) entry[2];
                        executor = executor(dispatch, built, shared, owned);
                    }
                    list.add(new ServerService(list.size(), model, entry[1], executor, timeout, filters));
                    models.add(model);
                }
                if (chosen instanceof EnumTolerant tolerant) {
                    tolerant.unknownEnumConstants(built.unknownEnumConstants());
                }
                chosen.prepare(TypeClosure.allowed(models, built.allowList()));
            } catch (RuntimeException e) {
                owned.forEach(ExecutorService::shutdownNow);
                throw e;
            }
            ServerContext context = new ServerContext(built, list, chosen, Observers.of(observers), tracing);
            SharedProtocol face = null;
            AtomicReference<ServerRuntime> started = new AtomicReference<>();
            if (operatorRoutes != null && !http) {
                owned.forEach(ExecutorService::shutdownNow);
                throw new IllegalStateException("operatorRoutes(..) are served by the HTTP face: also call"
                        + " http(true)");
            }
            if (http) {
                try {
                    face = HttpJsonEndpoints.create(context, httpJson, httpProblems, operatorRoutes, started::get);
                } catch (RuntimeException | LinkageError e) {
                    owned.forEach(ExecutorService::shutdownNow);
                    throw e;
                }
            }
            ServerRuntime runtime = ServerRuntime.start(built, context, owned, registry, face);
            started.set(runtime);
            return new RpcServer(runtime);
        }

        private static Executor executor(Dispatch dispatch, RpcServerOptions options, ExecutorService[] shared,
                                         List<ExecutorService> owned) {
            if (dispatch == Dispatch.IO) {
                return null;
            }
            if (shared[dispatch.ordinal()] == null) {
                shared[dispatch.ordinal()] = dispatch == Dispatch.VIRTUAL ? WorkerPools.virtual()
                        : WorkerPools.bounded(options.workerThreads(), options.workerQueueSize(), "brisk-rpc-worker");
                owned.add(shared[dispatch.ordinal()]);
            }
            return shared[dispatch.ordinal()];
        }
    }
}
