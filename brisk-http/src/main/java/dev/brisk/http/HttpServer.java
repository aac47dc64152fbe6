package dev.brisk.http;

import dev.brisk.http.internal.ServerRuntime;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * An HTTP server speaking HTTP/1.1, HTTP/2 over TLS (ALPN), h2c by prior knowledge and by {@code Upgrade}, all on one
 * port.
 *
 * <pre>{@code
 * HttpServer server = HttpServer.builder()
 *         .port(8080)
 *         .handler(request -> request.response().send("Hello, World!"))
 *         .start();
 * }</pre>
 */
public final class HttpServer implements AutoCloseable {

    static {
        // before any Netty class initialises: the defaults Brisk applies unless the application set them
        NettyDefaults.apply();
    }

    private final ServerRuntime runtime;

    private HttpServer(ServerRuntime runtime) {
        this.runtime = runtime;
    }

    /** A builder with sane defaults for every option. */
    public static Builder builder() {
        return new Builder();
    }

    /** The port the server listens on (the actual one when started on port 0). */
    public int port() {
        return runtime.port();
    }

    /** The options the server runs with. */
    public ServerOptions options() {
        return runtime.options();
    }

    /** Live connection and request counters. */
    public ServerMetrics metrics() {
        return runtime.metrics();
    }

    /** The socket transport in use: the one {@link Transport#AUTO} chose, or the one configured. */
    public Transport transport() {
        return runtime.transport();
    }

    /**
     * Tasks waiting on each of the {@code ioThreads} event loops, in loop order: a loop whose queue keeps growing is
     * blocked or overloaded. -1 for a loop that does not report it.
     */
    public java.util.List<Integer> eventLoopPendingTasks() {
        return runtime.pendingTasks();
    }

    /**
     * Shuts down gracefully: stops accepting, lets in-flight requests finish within the shutdown timeout
     * ({@code Connection: close} on HTTP/1.1, GOAWAY on HTTP/2), then closes what is left and stops the event loops.
     * Blocks until done.
     */
    @Override
    public void close() {
        runtime.shutdown(runtime.options().shutdownTimeout());
    }

    /** Like {@link #close()} with another deadline for in-flight requests. */
    public void close(Duration timeout) {
        runtime.shutdown(Objects.requireNonNull(timeout, "timeout"));
    }

    /** Closes every connection at once and stops the event loops. */
    public void closeNow() {
        runtime.shutdown(Duration.ZERO);
    }

    /** Builds and starts an {@link HttpServer}. */
    public static final class Builder {
        private String host = "0.0.0.0";
        private int port = 8080;
        private int ioThreads = Runtime.getRuntime().availableProcessors();
        private Transport transport = Transport.AUTO;
        private int backlog = 1024;
        private Duration idleTimeout = Duration.ofSeconds(60);
        private Duration handshakeTimeout = Duration.ofSeconds(10);
        private Duration headerReadTimeout = Duration.ofSeconds(10);
        private Duration bodyReadTimeout = Duration.ofSeconds(30);
        private long minBodyDataRate;
        private Duration writeTimeout = Duration.ofSeconds(30);
        private Duration settingsAckTimeout = Duration.ofSeconds(10);
        private HttpLimits limits = HttpLimits.DEFAULT;
        private int maxKeepAliveRequests = Integer.MAX_VALUE;
        private TlsOptions tls;
        private Http2Options http2 = Http2Options.DEFAULT;
        private int writeBufferLowWaterMark = 32 * 1024;
        private int writeBufferHighWaterMark = 64 * 1024;
        private int maxConnections = 10_000;
        private String serverHeader;
        private Duration shutdownTimeout = Duration.ofSeconds(30);
        private boolean shutdownHook;
        private HttpHandler handler;

        private Builder() {
        }

        /** Address to bind; default {@code 0.0.0.0}. */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
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
            this.transport = Objects.requireNonNull(transport, "transport");
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
        public Builder minBodyDataRate(long bytesPerSecond) {
            this.minBodyDataRate = bytesPerSecond;
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
            this.limits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /** Shortcut for the body limit of {@link #limits(HttpLimits)}; default 4 MiB. */
        public Builder maxBodySize(long maxBodySize) {
            this.limits = limits.withMaxBodySize(maxBodySize);
            return this;
        }

        /** Requests served on one HTTP/1.1 connection before it is closed; default unlimited. */
        public Builder maxKeepAliveRequests(int maxKeepAliveRequests) {
            this.maxKeepAliveRequests = maxKeepAliveRequests;
            return this;
        }

        /** Serves TLS only (HTTP/1.1 and h2 via ALPN); default cleartext. */
        public Builder tls(TlsOptions tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /** HTTP/2 settings; default {@link Http2Options#DEFAULT}. */
        public Builder http2(Http2Options http2) {
            this.http2 = Objects.requireNonNull(http2, "http2");
            return this;
        }

        /** Outbound buffer water marks per connection; default 32 KiB and 64 KiB. */
        public Builder writeBufferWaterMark(int low, int high) {
            this.writeBufferLowWaterMark = low;
            this.writeBufferHighWaterMark = high;
            return this;
        }

        /** Connections accepted at once; more are closed on accept; default 10000. */
        public Builder maxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
            return this;
        }

        /** Value of a {@code Server} header on every response; default none. */
        public Builder serverHeader(String serverHeader) {
            this.serverHeader = Objects.requireNonNull(serverHeader, "serverHeader");
            return this;
        }

        /** Deadline for in-flight requests on {@link HttpServer#close()}; default 30 s. */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        /** Whether to close gracefully when the JVM shuts down; default false. */
        public Builder shutdownHook(boolean shutdownHook) {
            this.shutdownHook = shutdownHook;
            return this;
        }

        /** The request handler (required). */
        public Builder handler(HttpHandler handler) {
            this.handler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** The options as configured so far. */
        public ServerOptions options() {
            return new ServerOptions(host, port, ioThreads, transport, backlog, idleTimeout, handshakeTimeout,
                    headerReadTimeout, bodyReadTimeout, minBodyDataRate, writeTimeout, settingsAckTimeout, limits,
                    maxKeepAliveRequests, Optional.ofNullable(tls), http2, writeBufferLowWaterMark,
                    writeBufferHighWaterMark, maxConnections, Optional.ofNullable(serverHeader), shutdownTimeout,
                    shutdownHook);
        }

        /** Binds and starts serving; returns once the port is open. */
        public HttpServer start() {
            if (handler == null) {
                throw new IllegalStateException("no handler: call handler(...) before start()");
            }
            return new HttpServer(ServerRuntime.start(options(), handler));
        }
    }
}
