package dev.brisk.http;

import dev.brisk.http.internal.bootstrap.ServerRuntime;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

import dev.brisk.http.internal.compress.CompressionHandler;
import dev.brisk.http.internal.websocket.WebSocketRoutes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

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

    /** The UDP port of HTTP/3 ({@link Http3Options}; the actual one when bound to port 0), or -1 when it is off. */
    public int http3Port() {
        return runtime.http3Port();
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
    public List<Integer> eventLoopPendingTasks() {
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
        private final Map<String, WebSocketRoutes.Entry> webSockets =
                new LinkedHashMap<>();
        // compression: off unless set
        private CompressionOptions compression;

        private Builder() {
        }

        /**
         * Takes every option from {@code options} (built with {@link ServerOptions#builder()}, or read from a running
         * server); later calls change single options.
         */
        public Builder options(ServerOptions options) {
            this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
            return this;
        }

        /**
         * Changes options on the {@link ServerOptions.Builder} this builder holds, where every option is set and
         * documented with its default: {@code options(o -> o.ioThreads(2).idleTimeout(Duration.ofSeconds(30)))}.
         */
        public Builder options(Consumer<ServerOptions.Builder> change) {
            Objects.requireNonNull(change, "change must not be null").accept(options);
            return this;
        }

        // the headline options, also settable through options(...)

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

        /** Serves TLS only (HTTP/1.1 and h2 via ALPN); default cleartext. */
        public Builder tls(TlsOptions tls) {
            options.tls(tls);
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
            webSockets.put(path, new WebSocketRoutes.Entry(
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
        public Optional<CompressionOptions> compression() {
            return Optional.ofNullable(compression);
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
                serving = CompressionHandler.wrap(serving, compression);
            }
            if (!webSockets.isEmpty()) {
                serving = new WebSocketRoutes(webSockets, serving);
            }
            return serving;
        }
    }
}
