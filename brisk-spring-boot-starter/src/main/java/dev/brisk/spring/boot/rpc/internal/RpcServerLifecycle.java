package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.spring.boot.rpc.RpcServerCustomizer;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;

import java.util.List;
import java.util.Optional;

/**
 * Runs the application's {@code RpcServer} in the context's lifecycle, when at least one bean is exported
 * ({@code @RpcProvider}). It starts once every singleton exists and after the web server (so the application is whole
 * before the registry advertises it), and stops before the web server's graceful shutdown and before any bean is
 * destroyed: the server unregisters from the registry, tells its clients GOAWAY, waits for the calls in flight (up to
 * {@code brisk.rpc.server.shutdown-timeout}, within {@code spring.lifecycle.timeout-per-shutdown-phase}) and closes.
 */
public final class RpcServerLifecycle implements SmartLifecycle {

    /** After the web server starts, and before its graceful shutdown when stopping. */
    public static final int PHASE = WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE + 512;

    private static final System.Logger LOG = System.getLogger("dev.brisk.spring.boot.rpc");

    private final ListableBeanFactory beans;
    private final Environment environment;
    private final ObjectProvider<Registry> registry;
    private final ObjectProvider<RpcServerCustomizer> customizers;
    private volatile RpcServer server;
    private volatile List<String> services = List.of();
    private volatile boolean exporting;
    private volatile boolean running;

    public RpcServerLifecycle(ListableBeanFactory beans, Environment environment, ObjectProvider<Registry> registry,
                              ObjectProvider<RpcServerCustomizer> customizers) {
        this.beans = beans;
        this.environment = environment;
        this.registry = registry;
        this.customizers = customizers;
    }

    @Override
    public void start() {
        List<ExportedBeans.Export> exports = ExportedBeans.of(beans);
        if (exports.isEmpty()) {
            return;
        }
        RpcServer.Builder builder = RpcSettings.server(Binder.get(environment));
        registry.ifUnique(builder::registry);
        for (ExportedBeans.Export export : exports) {
            offer(builder, export.type(), export.bean());
        }
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        exporting = true;
        RpcServer started = builder.start();
        services = exports.stream().map(export -> export.type().getName()).toList();
        server = started;
        running = true;
        LOG.log(System.Logger.Level.INFO, () -> "Brisk RPC server on port " + started.port() + ": " + services);
    }

    private static <T> void offer(RpcServer.Builder builder, Class<T> type, Object bean) {
        builder.service(type, type.cast(bean));
    }

    /** Closes the server on a thread of its own, so that the context waits for it within the phase's timeout. */
    @Override
    public void stop(Runnable callback) {
        RpcServer closing = server;
        running = false;
        if (closing == null) {
            callback.run();
            return;
        }
        Thread closer = new Thread(() -> {
            try {
                closing.close();
            } finally {
                callback.run();
            }
        }, "brisk-rpc-shutdown");
        closer.setDaemon(true);
        closer.start();
    }

    @Override
    public void stop() {
        running = false;
        RpcServer closing = server;
        if (closing != null) {
            closing.close();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** The server while it runs. */
    public Optional<RpcServer> server() {
        return running ? Optional.ofNullable(server) : Optional.empty();
    }

    /** Whether beans are exported: the server was started, and may have stopped since. */
    public boolean exporting() {
        return exporting;
    }

    /** The interfaces exported, by name. */
    public List<String> services() {
        return services;
    }
}
