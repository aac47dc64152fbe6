package dev.brisk.rpc;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.spi.Checks;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * How an {@link RpcServer} listens, runs service methods and shuts down. Immutable and validated when built: a message
 * names the component and the offending value.
 *
 * @param host                      the address to bind, {@code 0.0.0.0} by default
 * @param port                      the port to bind, 0 (the default) for any free one
 * @param transport                 the socket transport, {@link Transport#AUTO} by default
 * @param ioThreads                 event loop threads, the number of processors by default
 * @param tls                       TLS for every connection, none by default
 * @param maxFrameSize              the largest frame received or sent, 16 MiB by default
 * @param maxInFlightPerConnection  calls of one connection running at once; more are answered "overloaded"
 *                                  (1024 by default)
 * @param dispatch                  where service methods run unless a service says otherwise, {@link Dispatch#WORKER}
 * @param workerThreads             threads of the {@link Dispatch#WORKER} pool, 200 by default
 * @param workerQueueSize           calls waiting for a pool thread before "overloaded", 1024 by default
 * @param methodTimeout             the time a method may take before the caller gets a timeout error (its thread is
 *                                  interrupted); zero for no limit, 30 s by default; {@link Timeout} overrides it
 * @param shutdownTimeout           how long {@link RpcServer#close()} waits for calls in flight, 10 s by default
 * @param idleTimeout               a connection silent for this long (no call, no heartbeat) is closed; zero for
 *                                  never, 60 s by default (clients send heartbeats every 15 s by default)
 * @param writeTimeout              a connection whose peer takes none of its answers for this long, while the server
 *                                  has stopped reading it because too many answer bytes wait for the peer, is closed;
 *                                  zero for never, 30 s by default
 * @param advertisedHost            the host put into the registry; empty for {@code host}, or, when {@code host} is a
 *                                  wildcard, an address of this machine that other machines reach (not the loopback
 *                                  address its name may resolve to)
 * @param weight                    the weight put into the registry, 100 by default
 * @param version                   the version put into the registry and told to clients in the hello, empty by
 *                                  default
 * @param metadata                  the metadata put into the registry, copied
 * @param compressionThreshold      bodies (arguments or results) of at least this many bytes are sent deflated, with
 *                                  the frame's compressed flag; 0 (the default) sends everything as it is. Deflated
 *                                  bodies are always accepted, up to {@code maxFrameSize} once inflated
 * @param allowList                 the classes and packages whose values may be read besides those derived from the
 *                                  service interfaces ({@link AllowList}), none by default
 * @param wallClockDeadlines        whether the server also honours each caller's deadline as an instant of the wall
 *                                  clock (offered in the hello; clients that know it send it with every call), so that
 *                                  a call that waited in the socket or in a paused process past its deadline is not
 *                                  run; only for fleets whose clocks are synchronized far more closely than their call
 *                                  timeouts. Off by default: the remaining time then counts from the call's arrival
 * @param unknownEnumConstants      what an argument's enum constant that this server's enum lacks reads as, unless the
 *                                  enum marks a constant {@link EnumFallback}: {@link UnknownEnumConstants#FAIL} (the
 *                                  default: the call is answered "bad request") or {@code NULL}
 * @param group                     the group put into the registry and told to clients in the hello, empty (no group)
 *                                  by default: clients call providers of the group they choose (none unless they
 *                                  choose one)
 */
public record RpcServerOptions(String host, int port, Transport transport, int ioThreads, Optional<TlsOptions> tls,
                               int maxFrameSize, int maxInFlightPerConnection, Dispatch dispatch, int workerThreads,
                               int workerQueueSize, Duration methodTimeout, Duration shutdownTimeout,
                               Duration idleTimeout, Duration writeTimeout, Optional<String> advertisedHost,
                               int weight, String version, Map<String, String> metadata, int compressionThreshold,
                               AllowList allowList, boolean wallClockDeadlines,
                               UnknownEnumConstants unknownEnumConstants, String group) {

    /** The defaults. */
    public static final RpcServerOptions DEFAULT = new Builder().build();

    /** Validates every component. */
    public RpcServerOptions {
        Checks.notNull(host, "host");
        Checks.within(port, 0, 65535, "port");
        Checks.notNull(transport, "transport");
        Checks.positive(ioThreads, "ioThreads");
        Checks.notNull(tls, "tls");
        FrameSizeLimit.checked(maxFrameSize);
        Checks.positive(maxInFlightPerConnection, "maxInFlightPerConnection");
        Checks.notNull(dispatch, "dispatch");
        Checks.positive(workerThreads, "workerThreads");
        Checks.positive(workerQueueSize, "workerQueueSize");
        Checks.notNegative(methodTimeout, "methodTimeout");
        Checks.notNegative(shutdownTimeout, "shutdownTimeout");
        Checks.notNegative(idleTimeout, "idleTimeout");
        Checks.notNegative(writeTimeout, "writeTimeout");
        Checks.notNull(advertisedHost, "advertisedHost");
        Checks.positive(weight, "weight");
        Checks.notNull(version, "version");
        metadata = Map.copyOf(Checks.notNull(metadata, "metadata"));
        Checks.notNegative(compressionThreshold, "compressionThreshold");
        Checks.notNull(allowList, "allowList");
        Checks.notNull(unknownEnumConstants, "unknownEnumConstants");
        Checks.notNull(group, "group");
        version = version.strip();
        group = group.strip();
        if (group.equals("*")) {
            throw new IllegalArgumentException("group must not be '*', which clients use to select every group");
        }
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds {@link RpcServerOptions}, a setter per option, each documented with its default; {@link #build()}
     * validates.
     */
    public static final class Builder {

        private String host = "0.0.0.0";
        private int port;
        private Transport transport = Transport.AUTO;
        private int ioThreads = Runtime.getRuntime().availableProcessors();
        private Optional<TlsOptions> tls = Optional.empty();
        private int maxFrameSize = FrameSizeLimit.DEFAULT;
        private int maxInFlightPerConnection = 1024;
        private Dispatch dispatch = Dispatch.WORKER;
        private int workerThreads = 200;
        private int workerQueueSize = 1024;
        private Duration methodTimeout = Duration.ofSeconds(30);
        private Duration shutdownTimeout = Duration.ofSeconds(10);
        private Duration idleTimeout = Duration.ofSeconds(60);
        private Duration writeTimeout = Duration.ofSeconds(30);
        private Optional<String> advertisedHost = Optional.empty();
        private int weight = 100;
        private String version = "";
        private Map<String, String> metadata = Map.of();
        private int compressionThreshold;
        private AllowList.Builder allowList = AllowList.builder();
        private boolean wallClockDeadlines;
        private UnknownEnumConstants unknownEnumConstants = UnknownEnumConstants.FAIL;
        private String group = "";

        private Builder() {
        }

        private Builder(RpcServerOptions o) {
            host = o.host;
            port = o.port;
            transport = o.transport;
            ioThreads = o.ioThreads;
            tls = o.tls;
            maxFrameSize = o.maxFrameSize;
            maxInFlightPerConnection = o.maxInFlightPerConnection;
            dispatch = o.dispatch;
            workerThreads = o.workerThreads;
            workerQueueSize = o.workerQueueSize;
            methodTimeout = o.methodTimeout;
            shutdownTimeout = o.shutdownTimeout;
            idleTimeout = o.idleTimeout;
            writeTimeout = o.writeTimeout;
            advertisedHost = o.advertisedHost;
            weight = o.weight;
            version = o.version;
            metadata = o.metadata;
            compressionThreshold = o.compressionThreshold;
            allowList = o.allowList.toBuilder();
            wallClockDeadlines = o.wallClockDeadlines;
            unknownEnumConstants = o.unknownEnumConstants;
            group = o.group;
        }

        /** Address to bind; default {@code 0.0.0.0}. */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** Port to bind; default 0, any free port. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Socket transport; default {@link Transport#AUTO}. */
        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        /** Event loop threads; default the number of processors. */
        public Builder ioThreads(int ioThreads) {
            this.ioThreads = ioThreads;
            return this;
        }

        /** TLS on every connection; default none. */
        public Builder tls(Optional<TlsOptions> tls) {
            this.tls = tls;
            return this;
        }

        /** TLS on every connection; default none. */
        public Builder tls(TlsOptions tls) {
            this.tls = Optional.of(tls);
            return this;
        }

        /** Largest frame received or sent; default 16 MiB. */
        public Builder maxFrameSize(int maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
            return this;
        }

        /** Calls of one connection running at once; default 1024. */
        public Builder maxInFlightPerConnection(int maxInFlightPerConnection) {
            this.maxInFlightPerConnection = maxInFlightPerConnection;
            return this;
        }

        /** Where methods run by default; default {@link Dispatch#WORKER}. */
        public Builder dispatch(Dispatch dispatch) {
            this.dispatch = dispatch;
            return this;
        }

        /** Threads of the worker pool; default 200. */
        public Builder workerThreads(int workerThreads) {
            this.workerThreads = workerThreads;
            return this;
        }

        /** Calls waiting for a worker; default 1024. */
        public Builder workerQueueSize(int workerQueueSize) {
            this.workerQueueSize = workerQueueSize;
            return this;
        }

        /** Time limit of every method without {@link Timeout}; default 30 s, zero for none. */
        public Builder methodTimeout(Duration methodTimeout) {
            this.methodTimeout = methodTimeout;
            return this;
        }

        /** How long {@link RpcServer#close()} drains; default 10 s. */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        /** A silent connection is closed after this; default 60 s, zero for never. */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
            return this;
        }

        /**
         * A connection whose peer takes none of its answers for this long, while the server has stopped reading it
         * because too many answer bytes wait, is closed; default 30 s, zero for never.
         */
        public Builder writeTimeout(Duration writeTimeout) {
            this.writeTimeout = writeTimeout;
            return this;
        }

        /** Host put into the registry; default the bound host or an address of this machine others reach. */
        public Builder advertisedHost(Optional<String> advertisedHost) {
            this.advertisedHost = advertisedHost;
            return this;
        }

        /** Host put into the registry; default the bound host or an address of this machine others reach. */
        public Builder advertisedHost(String advertisedHost) {
            this.advertisedHost = Optional.of(advertisedHost);
            return this;
        }

        /** Weight put into the registry; default 100. */
        public Builder weight(int weight) {
            this.weight = weight;
            return this;
        }

        /** Version put into the registry and told to clients in the hello; default empty. */
        public Builder version(String version) {
            this.version = version;
            return this;
        }

        /** Metadata put into the registry; default none. */
        public Builder metadata(Map<String, String> metadata) {
            this.metadata = metadata;
            return this;
        }

        /** Results of at least this many bytes go deflated; 0 (the default): never. */
        public Builder compressionThreshold(int compressionThreshold) {
            this.compressionThreshold = compressionThreshold;
            return this;
        }

        /** Adds classes whose values may be read ({@link AllowList#types()}); default none. */
        public Builder allowTypes(Class<?>... types) {
            allowList.types(types);
            return this;
        }

        /** Adds packages whose classes may all be read ({@link AllowList#packages()}); default none. */
        public Builder allowPackages(String... packages) {
            allowList.packages(packages);
            return this;
        }

        /** Replaces the classes and packages added so far; default none. */
        public Builder allowList(AllowList allowList) {
            this.allowList = allowList.toBuilder();
            return this;
        }

        /**
         * Also honours each caller's deadline as a wall-clock instant, which clients send once the server offers it:
         * calls that waited past it before the server read them are answered a timeout without running. Needs clocks
         * synchronized well within the call timeouts; default off.
         */
        public Builder wallClockDeadlines(boolean wallClockDeadlines) {
            this.wallClockDeadlines = wallClockDeadlines;
            return this;
        }

        /**
         * What an enum constant the server's enum lacks reads as when the enum marks no {@link EnumFallback}; default
         * {@link UnknownEnumConstants#FAIL}.
         */
        public Builder unknownEnumConstants(UnknownEnumConstants unknownEnumConstants) {
            this.unknownEnumConstants = unknownEnumConstants;
            return this;
        }

        /**
         * Group put into the registry and told to clients in the hello; default empty (no group): clients that choose
         * no group call only providers without one.
         */
        public Builder group(String group) {
            this.group = group;
            return this;
        }

        /** The options; fails with a message naming the first invalid component. */
        public RpcServerOptions build() {
            return new RpcServerOptions(host, port, transport, ioThreads, tls, maxFrameSize, maxInFlightPerConnection,
                    dispatch, workerThreads, workerQueueSize, methodTimeout, shutdownTimeout, idleTimeout,
                    writeTimeout, advertisedHost, weight, version, metadata, compressionThreshold, allowList.build(),
                    wallClockDeadlines, unknownEnumConstants, group);
        }
    }
}
