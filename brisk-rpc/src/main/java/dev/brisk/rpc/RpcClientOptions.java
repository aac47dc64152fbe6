package dev.brisk.rpc;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.spi.Checks;

import java.time.Duration;
import java.util.Optional;

/**
 * How an {@link RpcClient} connects, balances, times out and retries. Immutable and validated when built: a message
 * names the component and the offending value.
 *
 * @param transport               the socket transport, {@link Transport#AUTO} by default
 * @param ioThreads               event loop threads (daemon), the number of processors by default
 * @param tls                     TLS for every connection, none by default
 * @param connectionsPerProvider  connections kept open to each provider, 2 by default
 * @param maxFrameSize            the largest frame sent or received, 16 MiB by default
 * @param callTimeout             the time a call may take, retries included, 5 s by default; {@link Timeout} overrides
 *                                it per method
 * @param connectTimeout          the time a connection attempt may take, 3 s by default
 * @param pingInterval            a ping (a heartbeat frame) is sent on a connection idle for this long and the
 *                                connection is dropped when nothing arrives for three intervals; zero for none,
 *                                15 s by default
 * @param reconnectInitialBackoff the delay before reconnecting after a connection is lost, doubled after each failed
 *                                attempt, 100 ms by default
 * @param reconnectMaxBackoff     the longest delay between reconnect attempts, 5 s by default
 * @param loadBalance             how a provider is picked, {@link LoadBalance#LEAST_LOADED} by default
 * @param maxRetries              further attempts on other providers for {@link Idempotent} methods, 2 by default
 * @param outlierFailures         consecutive failures (timeouts, lost connections, overload; not exceptions thrown
 *                                by the service) after which a provider is ejected: it gets no calls for
 *                                {@code ejectionTime}, then one probe whose answer brings it back and whose failure
 *                                ejects it again for twice as long. A provider whose average answer time is ten
 *                                times its peers' (and 50 ms more) is ejected too. 5 by default; 0 disables ejection
 * @param ejectionTime            how long a provider stays ejected the first time, doubled on each ejection that
 *                                follows within {@code maxEjectionTime} of its return, 1 s by default
 * @param maxEjectionTime         the longest ejection, 30 s by default
 * @param maxEjectedPercent       the most providers of a service ejected at once, in percent (rounded down); at
 *                                least one provider always stays, 50 by default
 * @param warmUp                  a provider that joined or came back takes a growing share of its calls over this
 *                                time, from a tenth to all ({@link LoadBalance#LEAST_LOADED} only); 10 s by default,
 *                                zero for none
 * @param compressionThreshold    bodies (arguments or results) of at least this many bytes are sent deflated, with
 *                                the frame's compressed flag; 0 (the default) sends everything as it is. Deflated
 *                                bodies are always accepted, up to {@code maxFrameSize} once inflated
 * @param allowList               the classes and packages whose values (results, exceptions) may be read besides
 *                                those derived from the service interfaces ({@link AllowList}), none by default
 * @param unknownEnumConstants    what a result's enum constant that this client's enum lacks reads as, unless the enum
 *                                marks a constant {@link EnumFallback}: {@link UnknownEnumConstants#FAIL} (the
 *                                default: the call fails) or {@code NULL}
 * @param version                 the provider versions every proxy calls unless it chooses its own
 *                                ({@link ReferenceOptions#version()}): empty (the default) or {@code *} for any, one
 *                                version ({@code 2.1.0}) or a range in Maven's notation ({@code [2.0,3.0)})
 * @param group                   the providers' group every proxy calls unless it chooses its own
 *                                ({@link ReferenceOptions#group()}): empty (the default) for providers without a
 *                                group, {@code *} for all
 */
public record RpcClientOptions(Transport transport, int ioThreads, Optional<TlsOptions> tls,
                               int connectionsPerProvider, int maxFrameSize, Duration callTimeout,
                               Duration connectTimeout, Duration pingInterval, Duration reconnectInitialBackoff,
                               Duration reconnectMaxBackoff, LoadBalance loadBalance, int maxRetries,
                               int outlierFailures, Duration ejectionTime, Duration maxEjectionTime,
                               int maxEjectedPercent, Duration warmUp, int compressionThreshold,
                               AllowList allowList, UnknownEnumConstants unknownEnumConstants, String version,
                               String group) {

    /** The defaults. */
    public static final RpcClientOptions DEFAULT = new Builder().build();

    /** Validates every component. */
    public RpcClientOptions {
        Checks.notNull(transport, "transport");
        Checks.positive(ioThreads, "ioThreads");
        Checks.notNull(tls, "tls");
        Checks.positive(connectionsPerProvider, "connectionsPerProvider");
        FrameSizeLimit.checked(maxFrameSize);
        Checks.positive(callTimeout, "callTimeout");
        Checks.positive(connectTimeout, "connectTimeout");
        Checks.notNegative(pingInterval, "pingInterval");
        Checks.positive(reconnectInitialBackoff, "reconnectInitialBackoff");
        Checks.notNull(reconnectMaxBackoff, "reconnectMaxBackoff");
        if (reconnectMaxBackoff.compareTo(reconnectInitialBackoff) < 0) {
            throw new IllegalArgumentException("reconnectMaxBackoff must be >= reconnectInitialBackoff ("
                    + reconnectInitialBackoff + "): " + reconnectMaxBackoff);
        }
        Checks.notNull(loadBalance, "loadBalance");
        Checks.notNegative(maxRetries, "maxRetries");
        Checks.notNegative(outlierFailures, "outlierFailures");
        Checks.positive(ejectionTime, "ejectionTime");
        Checks.notNull(maxEjectionTime, "maxEjectionTime");
        if (maxEjectionTime.compareTo(ejectionTime) < 0) {
            throw new IllegalArgumentException("maxEjectionTime must be >= ejectionTime (" + ejectionTime + "): "
                    + maxEjectionTime);
        }
        Checks.within(maxEjectedPercent, 0, 100, "maxEjectedPercent");
        Checks.notNegative(warmUp, "warmUp");
        Checks.notNegative(compressionThreshold, "compressionThreshold");
        Checks.notNull(allowList, "allowList");
        Checks.notNull(unknownEnumConstants, "unknownEnumConstants");
        ReferenceOptions reference = new ReferenceOptions(version, group);
        version = reference.version();
        group = reference.group();
    }

    /** The providers a proxy calls when it does not choose: {@link #version()} and {@link #group()}. */
    public ReferenceOptions reference() {
        return new ReferenceOptions(version, group);
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
     * Builds {@link RpcClientOptions}, a setter per option, each documented with its default; {@link #build()}
     * validates.
     */
    public static final class Builder {

        private Transport transport = Transport.AUTO;
        private int ioThreads = Runtime.getRuntime().availableProcessors();
        private Optional<TlsOptions> tls = Optional.empty();
        private int connectionsPerProvider = 2;
        private int maxFrameSize = FrameSizeLimit.DEFAULT;
        private Duration callTimeout = Duration.ofSeconds(5);
        private Duration connectTimeout = Duration.ofSeconds(3);
        private Duration pingInterval = Duration.ofSeconds(15);
        private Duration reconnectInitialBackoff = Duration.ofMillis(100);
        private Duration reconnectMaxBackoff = Duration.ofSeconds(5);
        private LoadBalance loadBalance = LoadBalance.LEAST_LOADED;
        private int maxRetries = 2;
        private int outlierFailures = 5;
        private Duration ejectionTime = Duration.ofSeconds(1);
        private Duration maxEjectionTime = Duration.ofSeconds(30);
        private int maxEjectedPercent = 50;
        private Duration warmUp = Duration.ofSeconds(10);
        private int compressionThreshold;
        private AllowList.Builder allowList = AllowList.builder();
        private UnknownEnumConstants unknownEnumConstants = UnknownEnumConstants.FAIL;
        private String version = "";
        private String group = "";

        private Builder() {
        }

        private Builder(RpcClientOptions o) {
            transport = o.transport;
            ioThreads = o.ioThreads;
            tls = o.tls;
            connectionsPerProvider = o.connectionsPerProvider;
            maxFrameSize = o.maxFrameSize;
            callTimeout = o.callTimeout;
            connectTimeout = o.connectTimeout;
            pingInterval = o.pingInterval;
            reconnectInitialBackoff = o.reconnectInitialBackoff;
            reconnectMaxBackoff = o.reconnectMaxBackoff;
            loadBalance = o.loadBalance;
            maxRetries = o.maxRetries;
            outlierFailures = o.outlierFailures;
            ejectionTime = o.ejectionTime;
            maxEjectionTime = o.maxEjectionTime;
            maxEjectedPercent = o.maxEjectedPercent;
            warmUp = o.warmUp;
            compressionThreshold = o.compressionThreshold;
            allowList = o.allowList.toBuilder();
            unknownEnumConstants = o.unknownEnumConstants;
            version = o.version;
            group = o.group;
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

        /** Connections per provider; default 2. */
        public Builder connectionsPerProvider(int connectionsPerProvider) {
            this.connectionsPerProvider = connectionsPerProvider;
            return this;
        }

        /** Largest frame sent or received; default 16 MiB. */
        public Builder maxFrameSize(int maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
            return this;
        }

        /** Time limit of a call without {@link Timeout}, retries included; default 5 s. */
        public Builder callTimeout(Duration callTimeout) {
            this.callTimeout = callTimeout;
            return this;
        }

        /** Time limit of a connection attempt; default 3 s. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        /** Ping on idle connections (a heartbeat frame); default 15 s, zero for none. */
        public Builder pingInterval(Duration pingInterval) {
            this.pingInterval = pingInterval;
            return this;
        }

        /** First reconnect delay, doubled per failed attempt; default 100 ms. */
        public Builder reconnectInitialBackoff(Duration reconnectInitialBackoff) {
            this.reconnectInitialBackoff = reconnectInitialBackoff;
            return this;
        }

        /** Longest reconnect delay; default 5 s. */
        public Builder reconnectMaxBackoff(Duration reconnectMaxBackoff) {
            this.reconnectMaxBackoff = reconnectMaxBackoff;
            return this;
        }

        /** How providers are picked; default {@link LoadBalance#LEAST_LOADED}. */
        public Builder loadBalance(LoadBalance loadBalance) {
            this.loadBalance = loadBalance;
            return this;
        }

        /** Further attempts on other providers for {@link Idempotent} methods; default 2. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        /**
         * Consecutive failures (timeouts, lost connections, overload; not exceptions thrown by the service) after which
         * a provider is ejected, then probed by one call at a time; a provider ten times slower than its peers is
         * ejected too; default 5, zero turns ejection off.
         */
        public Builder outlierFailures(int outlierFailures) {
            this.outlierFailures = outlierFailures;
            return this;
        }

        /** How long a provider stays ejected the first time, doubled on repeated ejections; default 1 s. */
        public Builder ejectionTime(Duration ejectionTime) {
            this.ejectionTime = ejectionTime;
            return this;
        }

        /** The longest ejection; default 30 s. */
        public Builder maxEjectionTime(Duration maxEjectionTime) {
            this.maxEjectionTime = maxEjectionTime;
            return this;
        }

        /** The most providers of a service ejected at once, in percent; one always stays; default 50. */
        public Builder maxEjectedPercent(int maxEjectedPercent) {
            this.maxEjectedPercent = maxEjectedPercent;
            return this;
        }

        /** Time over which a provider that joined or came back grows to its full share; default 10 s, zero for none. */
        public Builder warmUp(Duration warmUp) {
            this.warmUp = warmUp;
            return this;
        }

        /** Arguments of at least this many bytes go deflated; 0 (the default): never. */
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
         * What an enum constant the client's enum lacks reads as when the enum marks no {@link EnumFallback}; default
         * {@link UnknownEnumConstants#FAIL}.
         */
        public Builder unknownEnumConstants(UnknownEnumConstants unknownEnumConstants) {
            this.unknownEnumConstants = unknownEnumConstants;
            return this;
        }

        /**
         * Provider versions every proxy calls unless it chooses its own: one version ({@code 2.1.0}) or a range in
         * Maven's notation ({@code [2.0,3.0)}, {@code [2.0,)}); default empty: any version.
         */
        public Builder version(String version) {
            this.version = version;
            return this;
        }

        /**
         * The providers' group every proxy calls unless it chooses its own; default empty: providers without a
         * group ({@code *}: every provider).
         */
        public Builder group(String group) {
            this.group = group;
            return this;
        }

        /** The options; fails with a message naming the first invalid component. */
        public RpcClientOptions build() {
            return new RpcClientOptions(transport, ioThreads, tls, connectionsPerProvider, maxFrameSize, callTimeout,
                    connectTimeout, pingInterval, reconnectInitialBackoff, reconnectMaxBackoff, loadBalance,
                    maxRetries, outlierFailures, ejectionTime, maxEjectionTime, maxEjectedPercent, warmUp,
                    compressionThreshold, allowList.build(), unknownEnumConstants, version, group);
        }
    }
}
