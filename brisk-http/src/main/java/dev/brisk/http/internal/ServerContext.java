package dev.brisk.http.internal;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerOptions;
import dev.brisk.http.common.HttpSyntax;
import io.netty.handler.ssl.SslContext;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;

/** What every connection of one server shares: options, handler, counters, TLS context. */
public final class ServerContext {

    private static final System.Logger LOG = System.getLogger("dev.brisk.http");

    private final ServerOptions options;
    private final HttpHandler handler;
    private final ConnectionTracker tracker;
    private final SslContext sslContext;
    private final byte[] serverHeaderLine;
    /** The Server and Alt-Svc lines every HTTP/1.1 response carries, or null when there are none. */
    private byte[] constantHeaderLines;
    /** The Alt-Svc value advertising HTTP/3, or null when HTTP/3 is off. */
    private AsciiString altSvc;
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
        this.constantHeaderLines = serverHeaderLine;
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

    /**
     * {@code server: ...\r\n} and {@code alt-svc: ...\r\n}, or null when there is no Server header and HTTP/3 is
     * off.
     */
    public byte[] constantHeaderLines() {
        return constantHeaderLines;
    }

    /** The {@code Alt-Svc} value of HTTP/2 responses, or null when HTTP/3 is off. */
    public AsciiString altSvc() {
        return altSvc;
    }

    /**
     * Makes HTTP/1.1 and HTTP/2 responses advertise HTTP/3 on UDP {@code port}. Called before the TCP listener binds
     * (again if the port changes before it does): the event loops see the values through the tasks that start them.
     */
    public void advertiseHttp3(int port) {
        String value = "h3=\":" + port + "\"";
        altSvc = AsciiString.cached(value);
        byte[] line = ("alt-svc: " + value + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        if (serverHeaderLine == null) {
            constantHeaderLines = line;
        } else {
            byte[] both = new byte[serverHeaderLine.length + line.length];
            System.arraycopy(serverHeaderLine, 0, both, 0, serverHeaderLine.length);
            System.arraycopy(line, 0, both, serverHeaderLine.length, line.length);
            constantHeaderLines = both;
        }
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
