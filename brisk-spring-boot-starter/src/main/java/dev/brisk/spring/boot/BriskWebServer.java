package dev.brisk.spring.boot;

import dev.brisk.http.HttpHandler;
import dev.brisk.rest.BriskServer;
import org.springframework.boot.web.server.GracefulShutdownCallback;
import org.springframework.boot.web.server.GracefulShutdownResult;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.Shutdown;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerException;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Spring Boot's {@link WebServer} backed by a {@link BriskServer}. The server is assembled from the application
 * context when it starts (after every singleton exists), so the routes of every controller bean are known; it stops
 * in Boot's lifecycle phases, draining in-flight requests first when {@code server.shutdown=graceful}.
 */
public final class BriskWebServer implements WebServer {

    private static final System.Logger LOG = System.getLogger(BriskWebServer.class.getName());

    private final Supplier<BriskServer.Builder> assembly;
    private final boolean listen;
    private final int configuredPort;
    private final Shutdown shutdown;
    private final Duration shutdownTimeout;
    private final Object monitor = new Object();
    private volatile BriskServer server;
    private volatile HttpHandler handler;
    private volatile Thread gracefulShutdown;

    /**
     * @param assembly        builds the server from the application context, called once
     * @param listen          whether to open the port (false: the pipeline only, for in-process tests)
     * @param configuredPort  the port asked for, to report it when it is in use
     * @param shutdown        graceful (drain in-flight requests) or immediate
     * @param shutdownTimeout how long graceful shutdown waits for in-flight requests
     */
    BriskWebServer(Supplier<BriskServer.Builder> assembly, boolean listen, int configuredPort, Shutdown shutdown,
                   Duration shutdownTimeout) {
        this.assembly = Objects.requireNonNull(assembly, "assembly");
        this.listen = listen;
        this.configuredPort = configuredPort;
        this.shutdown = Objects.requireNonNull(shutdown, "shutdown");
        this.shutdownTimeout = Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
    }

    /** Builds the pipeline and, unless told not to listen, binds the port. */
    @Override
    public void start() throws WebServerException {
        synchronized (monitor) {
            if (server != null || handler != null) {
                return;
            }
            BriskServer.Builder builder = assembly.get();
            if (!listen) {
                handler = builder.buildHandler();
                return;
            }
            try {
                server = builder.start();
            } catch (Exception e) {
                PortInUseException.throwIfPortBindingException(e, () -> configuredPort);
                for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                    // the native transports report it as an errno, not as a BindException
                    if (cause.getMessage() != null && cause.getMessage().contains("Address already in use")) {
                        throw new PortInUseException(configuredPort, cause);
                    }
                }
                if (e instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new WebServerException("Unable to start Brisk: " + e, e);
            }
            handler = server.handler();
            LOG.log(System.Logger.Level.INFO, "Brisk started on port " + server.port() + " ("
                    + server.http().transport() + ", " + server.routes().size() + " routes)");
        }
    }

    /** Whether the server listens on a port (false before start, after stop, and in a no-socket setup). */
    public boolean isListening() {
        return server != null;
    }

    /** The running server, once started with a port. */
    public Optional<BriskServer> server() {
        return Optional.ofNullable(server);
    }

    /**
     * The request pipeline, to run requests in process (tests): the started server's, or one built without a port
     * when {@code brisk.listen=false}.
     */
    public HttpHandler handler() {
        HttpHandler current = handler;
        if (current == null) {
            throw new IllegalStateException("the Brisk web server has not started yet");
        }
        return current;
    }

    @Override
    public int getPort() {
        BriskServer current = server;
        return current == null ? -1 : current.port();
    }

    /**
     * Stops accepting, lets in-flight requests finish within {@code spring.lifecycle.timeout-per-shutdown-phase}
     * ({@code Connection: close}, HTTP/2 GOAWAY), then reports whether requests were still active.
     */
    @Override
    public void shutDownGracefully(GracefulShutdownCallback callback) {
        BriskServer current = server;
        if (shutdown != Shutdown.GRACEFUL || current == null) {
            callback.shutdownComplete(GracefulShutdownResult.IMMEDIATE);
            return;
        }
        LOG.log(System.Logger.Level.INFO, "Commencing graceful shutdown. Waiting for active requests to complete");
        Thread thread = new Thread(() -> {
            long deadline = System.nanoTime() + shutdownTimeout.toNanos();
            current.http().close(shutdownTimeout);
            boolean idle = System.nanoTime() < deadline;
            LOG.log(System.Logger.Level.INFO, idle ? "Graceful shutdown complete"
                    : "Graceful shutdown aborted with one or more requests still active");
            callback.shutdownComplete(idle ? GracefulShutdownResult.IDLE : GracefulShutdownResult.REQUESTS_ACTIVE);
        }, "brisk-shutdown");
        gracefulShutdown = thread;
        thread.start();
    }

    /** Closes the server: what graceful shutdown left open is closed now, then the schedulers stop. */
    @Override
    public void stop() throws WebServerException {
        synchronized (monitor) {
            BriskServer current = server;
            if (current == null) {
                handler = null;
                return;
            }
            Thread graceful = gracefulShutdown;
            if (graceful != null && graceful.isAlive()) {
                // the graceful drain ends by its own deadline, which is the phase's
                try {
                    graceful.join(shutdownTimeout.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (shutdown == Shutdown.IMMEDIATE) {
                current.http().closeNow();
            }
            current.close();
            server = null;
            handler = null;
        }
    }
}
