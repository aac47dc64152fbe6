package dev.brisk.http;

import dev.brisk.http.internal.ServerRuntime;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

import java.time.Duration;
import java.util.Objects;

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
     * Whether a graceful shutdown has begun ({@link #close()}, or the JVM's shutdown hook). Readiness checks answer
     * DOWN on it. The server keeps serving as usual for {@link ServerOptions#shutdownDelay()} (zero by default); then
     * no connection is accepted and in-flight requests are finishing.
     */
    public boolean draining() {
        return runtime.draining();
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
        private ServerOptions.Builder options = ServerOptions.builder();
        private HttpHandler handler;
        private final java.util.Map<String, dev.brisk.http.internal.websocket.WebSocketRoutes.Entry> webSockets =
                new java.util.LinkedHashMap<>();
        // compression: off unless set
        private CompressionOptions compression;

        private Builder() {
        }

        /**
         * Takes every option from {@code options} (built with {@link ServerOptions#builder()}, or read from a running
         * server); later setters change single options.
         */
        public Builder options(ServerOptions options) {
            this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
            return this;
        }

        /** Address to bind; default {@code 0.0.0.0}. */
        public Builder host(String host) {
            options.host(host);
            return this;
        }

        /** Port to bind; default 8080, 0 for an ephemeral port. */
        public Builder port(int port) {
            options.port(port);
            return this;
        }

        /** Event loop threads; default the number of available processors. */
        public Builder ioThreads(int ioThreads) {
            options.ioThreads(ioThreads);
            return this;
        }

        /** Socket transport; default {@link Transport#AUTO}. */
        public Builder transport(Transport transport) {
            options.transport(transport);
            return this;
        }

        /** Accept queue length; default 1024. */
        public Builder backlog(int backlog) {
            options.backlog(backlog);
            return this;
        }

        /** A connection with no request in progress and no traffic for this long is closed; default 60 s. */
        public Builder idleTimeout(Duration idleTimeout) {
            options.idleTimeout(idleTimeout);
            return this;
        }

        /**
         * TLS handshake and protocol detection (ALPN, or h2c prior knowledge versus HTTP/1.1 on a cleartext port) must
         * be done within this time of accepting the connection, else it is closed; default 10 s.
         */
        public Builder handshakeTimeout(Duration handshakeTimeout) {
            options.handshakeTimeout(handshakeTimeout);
            return this;
        }

        /**
         * A request head must arrive whole within this time (slowloris): counted from the first byte of the head, and
         * for a connection's first request from the moment it was accepted, so a connection that sends nothing is
         * closed too. A partial head gets {@code 408}; default 10 s.
         */
        public Builder headerReadTimeout(Duration headerReadTimeout) {
            options.headerReadTimeout(headerReadTimeout);
            return this;
        }

        /**
         * Longest wait for the next bytes of a request body once it started (time the application keeps reading
         * paused does not count): HTTP/1.1 answers {@code 408} (if it can) and closes, HTTP/2 resets the stream;
         * default 30 s.
         */
        public Builder bodyReadTimeout(Duration bodyReadTimeout) {
            options.bodyReadTimeout(bodyReadTimeout);
            return this;
        }

        /**
         * Slowest average rate, in bytes per second, at which a request body may arrive, checked once the body has
         * taken longer than one second (paused time excluded); slower gets the same treatment as
         * {@link #bodyReadTimeout}. Default 0: no minimum, so long-lived streamed uploads are not cut.
         */
        public Builder minBodyDataRate(long bytesPerSecond) {
            options.minBodyDataRate(bytesPerSecond);
            return this;
        }

        /**
         * A response that makes no progress for this long, because the peer does not read (or, on HTTP/2, grants no
         * flow-control window), is given up: the connection is closed (HTTP/2: the stream is reset, the connection
         * closed when the socket itself stalls); default 30 s.
         */
        public Builder writeTimeout(Duration writeTimeout) {
            options.writeTimeout(writeTimeout);
            return this;
        }

        /** An HTTP/2 peer must acknowledge the server's SETTINGS within this time, else GOAWAY; default 10 s. */
        public Builder settingsAckTimeout(Duration settingsAckTimeout) {
            options.settingsAckTimeout(settingsAckTimeout);
            return this;
        }

        /** Size limits; default {@link HttpLimits#DEFAULT}. */
        public Builder limits(HttpLimits limits) {
            options.limits(limits);
            return this;
        }

        /** Shortcut for the body limit of {@link #limits(HttpLimits)}; default 4 MiB. */
        public Builder maxBodySize(long maxBodySize) {
            HttpLimits limits = Objects.requireNonNull(options.limits(), "limits must not be null");
            options.limits(limits.toBuilder().maxBodySize(maxBodySize).build());
            return this;
        }

        /** Requests served on one HTTP/1.1 connection before it is closed; default unlimited. */
        public Builder maxKeepAliveRequests(int maxKeepAliveRequests) {
            options.maxKeepAliveRequests(maxKeepAliveRequests);
            return this;
        }

        /** Serves TLS only (HTTP/1.1 and h2 via ALPN); default cleartext. */
        public Builder tls(TlsOptions tls) {
            options.tls(tls);
            return this;
        }

        /** HTTP/2 settings; default {@link Http2Options#DEFAULT}. */
        public Builder http2(Http2Options http2) {
            options.http2(http2);
            return this;
        }

        /**
         * Outbound buffer water marks per connection: above {@code high} bytes queued a connection stops producing
         * until it drains below {@code low}; default 32 KiB and 64 KiB.
         */
        public Builder writeBufferWaterMark(int low, int high) {
            options.writeBufferLowWaterMark(low).writeBufferHighWaterMark(high);
            return this;
        }

        /** Connections accepted at once; more are closed on accept; default 10000. */
        public Builder maxConnections(int maxConnections) {
            options.maxConnections(maxConnections);
            return this;
        }

        /** Value of a {@code Server} header on every response; default none. */
        public Builder serverHeader(String serverHeader) {
            options.serverHeader(serverHeader);
            return this;
        }

        /** Deadline for in-flight requests on {@link HttpServer#close()}; default 30 s. */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            options.shutdownTimeout(shutdownTimeout);
            return this;
        }

        /**
         * How long a graceful shutdown keeps serving as usual with {@link HttpServer#draining()} true, so that
         * readiness answers DOWN and load balancers that poll it stop sending traffic, before it stops accepting
         * connections; default zero. It counts within the shutdown's timeout: keep it well below
         * {@link #shutdownTimeout}, which in-flight requests need too.
         */
        public Builder shutdownDelay(Duration shutdownDelay) {
            options.shutdownDelay(shutdownDelay);
            return this;
        }

        /**
         * Whether to close gracefully when the JVM shuts down (SIGTERM); default false here, true for a brisk-rest
         * {@code BriskServer}.
         */
        public Builder shutdownHook(boolean shutdownHook) {
            options.shutdownHook(shutdownHook);
            return this;
        }

        /**
         * New connections accepted per second, over all event loops; more are closed as soon as they are accepted,
         * before TLS or any read. Up to one second's worth may arrive at once (a token bucket of {@code perSecond}
         * tokens, refilled continuously). Default 0: no limit.
         */
        public Builder maxConnectionRate(int perSecond) {
            options.maxConnectionRate(perSecond);
            return this;
        }

        /** The request handler (required). */
        public Builder handler(HttpHandler handler) {
            this.handler = Objects.requireNonNull(handler, "handler must not be null");
            return this;
        }

        // WebSocket endpoints

        /** Serves WebSocket connections to {@code path} (an exact path) with {@code endpoint} and default options. */
        public Builder webSocket(String path, WebSocketEndpoint endpoint) {
            return webSocket(path, endpoint, WebSocketOptions.DEFAULT);
        }

        /**
         * Serves WebSocket connections to {@code path} (an exact path, e.g. {@code /ws/echo}) with {@code endpoint}:
         * a valid handshake switches the connection, any other request to the path gets {@code 426} (or {@code 400},
         * {@code 403}). Other paths go to the {@link #handler(HttpHandler) handler}, which may be left out when the
         * server serves WebSocket only (others then get {@code 404}).
         */
        public Builder webSocket(String path, WebSocketEndpoint endpoint, WebSocketOptions options) {
            Objects.requireNonNull(path, "path must not be null");
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("path must start with /: " + path);
            }
            webSockets.put(path, new dev.brisk.http.internal.websocket.WebSocketRoutes.Entry(
                    Objects.requireNonNull(endpoint, "endpoint must not be null"),
                    Objects.requireNonNull(options, "options must not be null")));
            return this;
        }

        /** The options as configured so far; fails naming the option and its value when one is invalid. */
        public ServerOptions options() {
            return options.build();
        }

        /**
         * HTTP for a port another server owns, with these options and handler, instead of a server of its own: see
         * {@link HttpPortProtocol}.
         */
        public HttpPortProtocol buildPortProtocol() {
            if (handler == null) {
                throw new IllegalStateException("no handler: call handler(...) before buildPortProtocol()");
            }
            return new HttpPortProtocol(options(), serving());
        }

        // ---- compression ----

        /**
         * Compresses responses and decodes encoded request bodies as {@code compression} configures; default off, and
         * then no request pays for it. {@code null} turns it off again.
         */
        public Builder compression(CompressionOptions compression) {
            this.compression = compression;
            return this;
        }

        /** The compression options, if compression is on. */
        public java.util.Optional<CompressionOptions> compression() {
            return java.util.Optional.ofNullable(compression);
        }

        /** Binds and starts serving; returns once the port is open. */
        public HttpServer start() {
            if (handler == null && webSockets.isEmpty()) {
                throw new IllegalStateException("no handler: call handler(...) before start()");
            }
            return new HttpServer(ServerRuntime.start(options(), serving()));
        }

        /**
         * The handler as served: compression (when on) around the application's handler, WebSocket endpoints (when
         * any) in front of both, so an upgrade request never reaches the compressing wrapper.
         */
        private HttpHandler serving() {
            HttpHandler serving = handler != null ? handler : request -> request.response().status(404).send();
            if (compression != null) {
                serving = dev.brisk.http.internal.compress.CompressionHandler.wrap(serving, compression);
            }
            if (!webSockets.isEmpty()) {
                serving = new dev.brisk.http.internal.websocket.WebSocketRoutes(webSockets, serving);
            }
            return serving;
        }
    }
}
