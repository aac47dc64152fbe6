package dev.brisk.http.internal;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerOptions;
import dev.brisk.http.common.HttpSyntax;
import io.netty.handler.ssl.SslContext;

import java.nio.charset.StandardCharsets;

/** What every connection of one server shares: options, handler, counters, TLS context. */
public final class ServerContext {

    private static final System.Logger LOG = System.getLogger("dev.brisk.http");

    private final ServerOptions options;
    private final HttpHandler handler;
    private final ConnectionTracker tracker;
    private final SslContext sslContext;
    private final byte[] serverHeaderLine;
    private final Deadlines deadlines;
    private volatile boolean draining;
    private volatile boolean shutdownBegun;
    /** Null when new connections are not rate limited. */
    private final ConnectionRateLimiter connectionRate;

    public ServerContext(ServerOptions options, HttpHandler handler, SslContext sslContext) {
        this.options = options;
        this.handler = handler;
        this.sslContext = sslContext;
        this.tracker = new ConnectionTracker(options.maxConnections());
        this.deadlines = new Deadlines(options);
        this.connectionRate = options.maxConnectionRate() > 0
                ? new ConnectionRateLimiter(options.maxConnectionRate()) : null;
        this.serverHeaderLine = options.serverHeader()
                .map(value -> {
                    HttpSyntax.validateField("server", value);
                    return ("server: " + value + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
                })
                .orElse(null);
    }

    public ServerOptions options() {
        return options;
    }

    public HttpHandler handler() {
        return handler;
    }

    /** The phase deadlines every connection checks. */
    public Deadlines deadlines() {
        return deadlines;
    }

    public ConnectionTracker tracker() {
        return tracker;
    }

    /** The limiter of new connections per second, or null when there is none. */
    public ConnectionRateLimiter connectionRate() {
        return connectionRate;
    }

    /** The TLS context, or null on a cleartext server. */
    public SslContext sslContext() {
        return sslContext;
    }

    /** {@code server: ...\r\n}, or null when no Server header is configured. */
    public byte[] serverHeaderLine() {
        return serverHeaderLine;
    }

    /** Whether a graceful shutdown is under way: connections finish what they have and close. */
    public boolean draining() {
        return draining;
    }

    public void startDraining() {
        shutdownBegun = true;
        draining = true;
    }

    /** Whether a graceful shutdown has begun, its delay included (readiness is DOWN from then on). */
    public boolean shutdownBegun() {
        return shutdownBegun;
    }

    /** A graceful shutdown begins with a delay: readiness turns DOWN while the server still serves as usual. */
    public void beginShutdown() {
        shutdownBegun = true;
    }

    /** Logs a failure of application code once, without details on the wire. */
    public void logHandlerFailure(String what, Throwable cause) {
        LOG.log(System.Logger.Level.WARNING, what + ": " + cause, cause);
    }

    public System.Logger log() {
        return LOG;
    }
}
