package dev.brisk.http;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

import java.util.function.Consumer;
import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;
import static dev.brisk.transport.spi.Checks.within;

/**
 * Everything that configures an {@link HttpServer}, each option set and documented with its default on
 * {@link Builder}: {@code HttpServer.builder().port(0).options(o -> o.ioThreads(2)).handler(h).start()}, or a whole set
 * built with {@link #builder()} and given to {@link HttpServer.Builder#options(ServerOptions)}.
 *
 * @param host                     address to bind
 * @param port                     port to bind, 0 for an ephemeral one
 * @param ioThreads                event loop threads
 * @param transport                socket transport
 * @param backlog                  accept queue length
 * @param idleTimeout              a connection idle for this long is closed
 * @param handshakeTimeout         limit for the TLS handshake and protocol detection
 * @param headerReadTimeout        limit for receiving a request head
 * @param bodyReadTimeout          longest wait for the next bytes of a request body
 * @param minBodyDataRate          slowest average body rate in bytes per second, 0 for none
 * @param writeTimeout             a response that makes no progress for this long is given up
 * @param settingsAckTimeout       limit for an HTTP/2 peer to acknowledge the server's SETTINGS
 * @param limits                   size limits of requests
 * @param maxKeepAliveRequests     requests served on one HTTP/1.1 connection
 * @param tls                      TLS settings, empty for cleartext
 * @param http2                    HTTP/2 settings
 * @param http3                    HTTP/3 (QUIC) settings; off by default
 * @param writeBufferLowWaterMark  outbound bytes below which a connection is writable again
 * @param writeBufferHighWaterMark outbound bytes above which a connection is not writable
 * @param maxConnections           connections accepted at once
 * @param serverHeader             value of a {@code Server} header on every response, if any
 * @param shutdownTimeout          deadline for in-flight requests on close
 * @param shutdownDelay            how long a graceful shutdown keeps serving as usual, with {@link
 *                                 HttpServer#draining()} true (readiness DOWN), before it stops accepting: time
 *                                 for load balancers that poll readiness to stop sending traffic; default zero
 * @param shutdownHook             whether to close gracefully when the JVM shuts down
 * @param maxConnectionRate        connections accepted per second (a token bucket holding one second's worth), 0 for
 *                                 no limit; excess connections are closed at accept
 */
public record ServerOptions(
        String host,
        int port,
        int ioThreads,
        Transport transport,
        int backlog,
        Duration idleTimeout,
        Duration handshakeTimeout,
        Duration headerReadTimeout,
        Duration bodyReadTimeout,
        long minBodyDataRate,
        Duration writeTimeout,
        Duration settingsAckTimeout,
        HttpLimits limits,
        int maxKeepAliveRequests,
        Optional<TlsOptions> tls,
        Http2Options http2,
        Http3Options http3,
        int writeBufferLowWaterMark,
        int writeBufferHighWaterMark,
        int maxConnections,
        Optional<String> serverHeader,
        Duration shutdownTimeout,
        Duration shutdownDelay,
        boolean shutdownHook,
        // protection: new-connection rate limit
        int maxConnectionRate) {

    /** The defaults, as {@link Builder} documents them. */
    public static final ServerOptions DEFAULT = new ServerOptions("0.0.0.0", 8080,
            Runtime.getRuntime().availableProcessors(), Transport.AUTO, 1024, Duration.ofSeconds(60),
            Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30), 0, Duration.ofSeconds(30),
            Duration.ofSeconds(10), HttpLimits.DEFAULT, Integer.MAX_VALUE, Optional.empty(), Http2Options.DEFAULT,
            Http3Options.DEFAULT, 32 * 1024, 64 * 1024, 10_000, Optional.empty(), Duration.ofSeconds(30), Duration.ZERO,
            false, 0);

    /** Validates every component; a message names the component and the offending value. */
    public ServerOptions {
        notNull(host, "host");
        within(port, 0, 65535, "port");
        positive(ioThreads, "ioThreads");
        notNull(transport, "transport");
        positive(backlog, "backlog");
        positive(idleTimeout, "idleTimeout");
        positive(handshakeTimeout, "handshakeTimeout");
        positive(headerReadTimeout, "headerReadTimeout");
        positive(bodyReadTimeout, "bodyReadTimeout");
        notNegative(minBodyDataRate, "minBodyDataRate");
        positive(writeTimeout, "writeTimeout");
        positive(settingsAckTimeout, "settingsAckTimeout");
        notNull(limits, "limits");
        positive(maxKeepAliveRequests, "maxKeepAliveRequests");
        notNull(tls, "tls");
        notNull(http2, "http2");
        notNull(http3, "http3");
        if (http3.enabled() && tls.isEmpty()) {
            throw new IllegalArgumentException("http3 needs tls: QUIC carries TLS 1.3 only, and no TLS options "
                    + "are set");
        }
        positive(writeBufferLowWaterMark, "writeBufferLowWaterMark");
        if (writeBufferHighWaterMark < writeBufferLowWaterMark) {
            throw new IllegalArgumentException("writeBufferHighWaterMark must be >= writeBufferLowWaterMark ("
                    + writeBufferLowWaterMark + "): " + writeBufferHighWaterMark);
        }
        positive(maxConnections, "maxConnections");
        notNull(serverHeader, "serverHeader");
        positive(shutdownTimeout, "shutdownTimeout");
        notNegative(shutdownDelay, "shutdownDelay");
        notNegative(maxConnectionRate, "maxConnectionRate");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds {@link ServerOptions}, a setter per component, each documented with its default; {@link #build()}
     * validates.
     */
    public static final class Builder {
        private String host;
        private int port;
        private int ioThreads;
        private Transport transport;
        private int backlog;
        private Duration idleTimeout;
        private Duration handshakeTimeout;
        private Duration headerReadTimeout;
        private Duration bodyReadTimeout;
        private long minBodyDataRate;
        private Duration writeTimeout;
        private Duration settingsAckTimeout;
        private HttpLimits limits;
        private int maxKeepAliveRequests;
        private Optional<TlsOptions> tls;
        private Http2Options http2;
        private Http3Options http3;
        private int writeBufferLowWaterMark;
        private int writeBufferHighWaterMark;
        private int maxConnections;
        private Optional<String> serverHeader;
        private Duration shutdownTimeout;
        private Duration shutdownDelay;
        private boolean shutdownHook;
        private int maxConnectionRate;

        private Builder(ServerOptions options) {
            host = options.host;
            port = options.port;
            ioThreads = options.ioThreads;
            transport = options.transport;
            backlog = options.backlog;
            idleTimeout = options.idleTimeout;
            handshakeTimeout = options.handshakeTimeout;
            headerReadTimeout = options.headerReadTimeout;
            bodyReadTimeout = options.bodyReadTimeout;
            minBodyDataRate = options.minBodyDataRate;
            writeTimeout = options.writeTimeout;
            settingsAckTimeout = options.settingsAckTimeout;
            limits = options.limits;
            maxKeepAliveRequests = options.maxKeepAliveRequests;
            tls = options.tls;
            http2 = options.http2;
            http3 = options.http3;
            writeBufferLowWaterMark = options.writeBufferLowWaterMark;
            writeBufferHighWaterMark = options.writeBufferHighWaterMark;
            maxConnections = options.maxConnections;
            serverHeader = options.serverHeader;
            shutdownTimeout = options.shutdownTimeout;
            shutdownDelay = options.shutdownDelay;
            shutdownHook = options.shutdownHook;
            maxConnectionRate = options.maxConnectionRate;
        }

        /** Address to bind; default {@code 0.0.0.0}. */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** Port to bind; default 8080, 0 for an ephemeral port. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Event loop threads; default the number of available processors. */
        public Builder ioThreads(int ioThreads) {
            this.ioThreads = ioThreads;
            return this;
        }

        /** Socket transport; default {@link Transport#AUTO}. */
        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        /** Accept queue length; default 1024. */
        public Builder backlog(int backlog) {
            this.backlog = backlog;
            return this;
        }

        /** A connection with no request in progress and no traffic for this long is closed; default 60 s. */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
            return this;
        }

        /**
         * TLS handshake and protocol detection (ALPN, or h2c prior knowledge versus HTTP/1.1 on a cleartext port) must
         * be done within this time of accepting the connection, else it is closed; default 10 s.
         */
        public Builder handshakeTimeout(Duration handshakeTimeout) {
            this.handshakeTimeout = handshakeTimeout;
            return this;
        }

        /**
         * A request head must arrive whole within this time (slowloris): counted from the first byte of the head, and
         * for a connection's first request from the moment it was accepted, so a connection that sends nothing is
         * closed too. A partial head gets {@code 408}; default 10 s.
         */
        public Builder headerReadTimeout(Duration headerReadTimeout) {
            this.headerReadTimeout = headerReadTimeout;
            return this;
        }

        /**
         * Longest wait for the next bytes of a request body once it started (time the application keeps reading
         * paused does not count): HTTP/1.1 answers {@code 408} (if it can) and closes, HTTP/2 resets the stream;
         * default 30 s.
         */
        public Builder bodyReadTimeout(Duration bodyReadTimeout) {
            this.bodyReadTimeout = bodyReadTimeout;
            return this;
        }

        /**
         * Slowest average rate, in bytes per second, at which a request body may arrive, checked once the body has
         * taken longer than one second (paused time excluded); slower gets the same treatment as
         * {@link #bodyReadTimeout}. Default 0: no minimum, so long-lived streamed uploads are not cut.
         */
        public Builder minBodyDataRate(long minBodyDataRate) {
            this.minBodyDataRate = minBodyDataRate;
            return this;
        }

        /**
         * A response that makes no progress for this long, because the peer does not read (or, on HTTP/2, grants no
         * flow-control window), is given up: the connection is closed (HTTP/2: the stream is reset, the connection
         * closed when the socket itself stalls); default 30 s.
         */
        public Builder writeTimeout(Duration writeTimeout) {
            this.writeTimeout = writeTimeout;
            return this;
        }

        /** An HTTP/2 peer must acknowledge the server's SETTINGS within this time, else GOAWAY; default 10 s. */
        public Builder settingsAckTimeout(Duration settingsAckTimeout) {
            this.settingsAckTimeout = settingsAckTimeout;
            return this;
        }

        /** Size limits; default {@link HttpLimits#DEFAULT}. */
        public Builder limits(HttpLimits limits) {
            this.limits = limits;
            return this;
        }

        /**
         * Changes some size limits, keeping the others:
         * {@code limits(l -> l.maxBodySize(16 * 1024 * 1024))}.
         */
        public Builder limits(Consumer<HttpLimits.Builder> change) {
            HttpLimits.Builder builder = Objects.requireNonNull(limits, "limits must not be null").toBuilder();
            Objects.requireNonNull(change, "change must not be null").accept(builder);
            this.limits = builder.build();
            return this;
        }

        /** Requests served on one HTTP/1.1 connection before it is closed; default unlimited. */
        public Builder maxKeepAliveRequests(int maxKeepAliveRequests) {
            this.maxKeepAliveRequests = maxKeepAliveRequests;
            return this;
        }

        /** Serves TLS only (HTTP/1.1 and h2 via ALPN); default cleartext. */
        public Builder tls(TlsOptions tls) {
            return tls(Optional.of(Objects.requireNonNull(tls, "tls must not be null")));
        }

        /** TLS settings, or empty for cleartext. */
        public Builder tls(Optional<TlsOptions> tls) {
            this.tls = tls;
            return this;
        }

        /** HTTP/2 settings; default {@link Http2Options#DEFAULT}. */
        public Builder http2(Http2Options http2) {
            this.http2 = http2;
            return this;
        }

        /**
         * Changes some HTTP/2 settings, keeping the others: {@code http2(h -> h.maxConcurrentStreams(200))}.
         */
        public Builder http2(Consumer<Http2Options.Builder> change) {
            Http2Options.Builder builder = Objects.requireNonNull(http2, "http2 must not be null").toBuilder();
            Objects.requireNonNull(change, "change must not be null").accept(builder);
            this.http2 = builder.build();
            return this;
        }

        /** HTTP/3 settings; default {@link Http3Options#DEFAULT} (off). */
        public Builder http3(Http3Options http3) {
            this.http3 = http3;
            return this;
        }

        /** Changes some HTTP/3 settings, keeping the others: {@code http3(h -> h.enabled(true))}. */
        public Builder http3(Consumer<Http3Options.Builder> change) {
            Http3Options.Builder builder = Objects.requireNonNull(http3, "http3 must not be null").toBuilder();
            Objects.requireNonNull(change, "change must not be null").accept(builder);
            this.http3 = builder.build();
            return this;
        }

        /**
         * Outbound buffer water marks per connection: above the high mark of bytes queued a connection stops
         * producing until it drains below this low mark; default 32 KiB.
         */
        public Builder writeBufferLowWaterMark(int writeBufferLowWaterMark) {
            this.writeBufferLowWaterMark = writeBufferLowWaterMark;
            return this;
        }

        /** See {@link #writeBufferLowWaterMark(int)}; default 64 KiB. */
        public Builder writeBufferHighWaterMark(int writeBufferHighWaterMark) {
            this.writeBufferHighWaterMark = writeBufferHighWaterMark;
            return this;
        }

        /** Connections accepted at once; more are closed on accept; default 10000. */
        public Builder maxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
            return this;
        }

        /** Value of a {@code Server} header on every response; default none. */
        public Builder serverHeader(String serverHeader) {
            return serverHeader(Optional.of(Objects.requireNonNull(serverHeader, "serverHeader must not be null")));
        }

        /** The {@code Server} header's value, or empty for none. */
        public Builder serverHeader(Optional<String> serverHeader) {
            this.serverHeader = serverHeader;
            return this;
        }

        /** Deadline for in-flight requests on {@link HttpServer#close()}; default 30 s. */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        /**
         * How long a graceful shutdown keeps serving as usual with {@link HttpServer#draining()} true, so that
         * readiness answers DOWN and load balancers that poll it stop sending traffic, before it stops accepting
         * connections; default zero. It counts within the shutdown's timeout: keep it well below
         * {@link #shutdownTimeout}, which in-flight requests need too.
         */
        public Builder shutdownDelay(Duration shutdownDelay) {
            this.shutdownDelay = shutdownDelay;
            return this;
        }

        /**
         * Whether to close gracefully when the JVM shuts down (SIGTERM); default false here, true for a brisk-rest
         * {@code BriskServer}.
         */
        public Builder shutdownHook(boolean shutdownHook) {
            this.shutdownHook = shutdownHook;
            return this;
        }

        /**
         * New connections accepted per second, over all event loops; more are closed as soon as they are accepted,
         * before TLS or any read. Up to one second's worth may arrive at once (a token bucket of {@code perSecond}
         * tokens, refilled continuously). Default 0: no limit.
         */
        public Builder maxConnectionRate(int maxConnectionRate) {
            this.maxConnectionRate = maxConnectionRate;
            return this;
        }

        public ServerOptions build() {
            return new ServerOptions(host, port, ioThreads, transport, backlog, idleTimeout, handshakeTimeout,
                    headerReadTimeout, bodyReadTimeout, minBodyDataRate, writeTimeout, settingsAckTimeout, limits,
                    maxKeepAliveRequests, tls, http2, http3, writeBufferLowWaterMark, writeBufferHighWaterMark,
                    maxConnections, serverHeader, shutdownTimeout, shutdownDelay, shutdownHook, maxConnectionRate);
        }
    }
}
