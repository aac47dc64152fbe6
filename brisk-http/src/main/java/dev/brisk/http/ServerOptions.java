package dev.brisk.http;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything that configures an {@link HttpServer}. Servers are usually configured on {@link HttpServer#builder()},
 * which documents each option and its default; {@link HttpServer.Builder#options(ServerOptions)} takes a whole set,
 * built here with {@link #builder()}.
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
        int writeBufferLowWaterMark,
        int writeBufferHighWaterMark,
        int maxConnections,
        Optional<String> serverHeader,
        Duration shutdownTimeout,
        Duration shutdownDelay,
        boolean shutdownHook,
        // protection: new-connection rate limit
        int maxConnectionRate) {

    /** The defaults, as {@link HttpServer.Builder} documents them. */
    public static final ServerOptions DEFAULT = new ServerOptions("0.0.0.0", 8080,
            Runtime.getRuntime().availableProcessors(), Transport.AUTO, 1024, Duration.ofSeconds(60),
            Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30), 0, Duration.ofSeconds(30),
            Duration.ofSeconds(10), HttpLimits.DEFAULT, Integer.MAX_VALUE, Optional.empty(), Http2Options.DEFAULT,
            32 * 1024, 64 * 1024, 10_000, Optional.empty(), Duration.ofSeconds(30), Duration.ZERO, false, 0);

    /** Validates every component; a message names the component and the offending value. */
    public ServerOptions {
        notNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be within [0, 65535]: " + port);
        }
        positive(ioThreads, "ioThreads");
        notNull(transport, "transport");
        positive(backlog, "backlog");
        positive(idleTimeout, "idleTimeout");
        positive(handshakeTimeout, "handshakeTimeout");
        positive(headerReadTimeout, "headerReadTimeout");
        positive(bodyReadTimeout, "bodyReadTimeout");
        if (minBodyDataRate < 0) {
            throw new IllegalArgumentException("minBodyDataRate must not be negative: " + minBodyDataRate);
        }
        positive(writeTimeout, "writeTimeout");
        positive(settingsAckTimeout, "settingsAckTimeout");
        notNull(limits, "limits");
        positive(maxKeepAliveRequests, "maxKeepAliveRequests");
        notNull(tls, "tls");
        notNull(http2, "http2");
        positive(writeBufferLowWaterMark, "writeBufferLowWaterMark");
        if (writeBufferHighWaterMark < writeBufferLowWaterMark) {
            throw new IllegalArgumentException("writeBufferHighWaterMark must be >= writeBufferLowWaterMark ("
                    + writeBufferLowWaterMark + "): " + writeBufferHighWaterMark);
        }
        positive(maxConnections, "maxConnections");
        notNull(serverHeader, "serverHeader");
        positive(shutdownTimeout, "shutdownTimeout");
        notNull(shutdownDelay, "shutdownDelay");
        if (shutdownDelay.isNegative()) {
            throw new IllegalArgumentException("shutdownDelay must not be negative: " + shutdownDelay);
        }
        if (maxConnectionRate < 0) {
            throw new IllegalArgumentException("maxConnectionRate must not be negative: " + maxConnectionRate);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void notNull(Object value, String name) {
        Objects.requireNonNull(value, () -> name + " must not be null");
    }

    private static void positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    private static void positive(Duration duration, String name) {
        notNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
    }

    /**
     * Builds {@link ServerOptions}, a setter per component; {@link #build()} validates. The setters are documented,
     * with their defaults, on {@link HttpServer.Builder}.
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
            writeBufferLowWaterMark = options.writeBufferLowWaterMark;
            writeBufferHighWaterMark = options.writeBufferHighWaterMark;
            maxConnections = options.maxConnections;
            serverHeader = options.serverHeader;
            shutdownTimeout = options.shutdownTimeout;
            shutdownDelay = options.shutdownDelay;
            shutdownHook = options.shutdownHook;
            maxConnectionRate = options.maxConnectionRate;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder ioThreads(int ioThreads) {
            this.ioThreads = ioThreads;
            return this;
        }

        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        public Builder backlog(int backlog) {
            this.backlog = backlog;
            return this;
        }

        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
            return this;
        }

        public Builder handshakeTimeout(Duration handshakeTimeout) {
            this.handshakeTimeout = handshakeTimeout;
            return this;
        }

        public Builder headerReadTimeout(Duration headerReadTimeout) {
            this.headerReadTimeout = headerReadTimeout;
            return this;
        }

        public Builder bodyReadTimeout(Duration bodyReadTimeout) {
            this.bodyReadTimeout = bodyReadTimeout;
            return this;
        }

        public Builder minBodyDataRate(long minBodyDataRate) {
            this.minBodyDataRate = minBodyDataRate;
            return this;
        }

        public Builder writeTimeout(Duration writeTimeout) {
            this.writeTimeout = writeTimeout;
            return this;
        }

        public Builder settingsAckTimeout(Duration settingsAckTimeout) {
            this.settingsAckTimeout = settingsAckTimeout;
            return this;
        }

        public Builder limits(HttpLimits limits) {
            this.limits = limits;
            return this;
        }

        public Builder maxKeepAliveRequests(int maxKeepAliveRequests) {
            this.maxKeepAliveRequests = maxKeepAliveRequests;
            return this;
        }

        /** Serves TLS only. */
        public Builder tls(TlsOptions tls) {
            return tls(Optional.of(Objects.requireNonNull(tls, "tls must not be null")));
        }

        /** TLS settings, or empty for cleartext. */
        public Builder tls(Optional<TlsOptions> tls) {
            this.tls = tls;
            return this;
        }

        public Builder http2(Http2Options http2) {
            this.http2 = http2;
            return this;
        }

        public Builder writeBufferLowWaterMark(int writeBufferLowWaterMark) {
            this.writeBufferLowWaterMark = writeBufferLowWaterMark;
            return this;
        }

        public Builder writeBufferHighWaterMark(int writeBufferHighWaterMark) {
            this.writeBufferHighWaterMark = writeBufferHighWaterMark;
            return this;
        }

        public Builder maxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
            return this;
        }

        /** Sends a {@code Server} header with this value. */
        public Builder serverHeader(String serverHeader) {
            return serverHeader(Optional.of(Objects.requireNonNull(serverHeader, "serverHeader must not be null")));
        }

        /** The {@code Server} header's value, or empty for none. */
        public Builder serverHeader(Optional<String> serverHeader) {
            this.serverHeader = serverHeader;
            return this;
        }

        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        public Builder shutdownDelay(Duration shutdownDelay) {
            this.shutdownDelay = shutdownDelay;
            return this;
        }

        public Builder shutdownHook(boolean shutdownHook) {
            this.shutdownHook = shutdownHook;
            return this;
        }

        public Builder maxConnectionRate(int maxConnectionRate) {
            this.maxConnectionRate = maxConnectionRate;
            return this;
        }

        /** The limits set so far (for {@link HttpServer.Builder#maxBodySize(long)}). */
        HttpLimits limits() {
            return limits;
        }

        public ServerOptions build() {
            return new ServerOptions(host, port, ioThreads, transport, backlog, idleTimeout, handshakeTimeout,
                    headerReadTimeout, bodyReadTimeout, minBodyDataRate, writeTimeout, settingsAckTimeout, limits,
                    maxKeepAliveRequests, tls, http2, writeBufferLowWaterMark, writeBufferHighWaterMark,
                    maxConnections, serverHeader, shutdownTimeout, shutdownDelay, shutdownHook, maxConnectionRate);
        }
    }
}
