package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.spring.boot.BriskApplicationContext;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;

/**
 * The actuator on its own port ({@code management.server.port} differs from {@code server.port}): a child context
 * holding a second, isolated Brisk server that serves the endpoints only. It starts after the main server (so
 * {@code local.management.port} is set once both listen) and stops before it.
 */
public final class ManagementServer implements SmartLifecycle {

    private final ConfigurableApplicationContext parent;
    private volatile BriskWebServerApplicationContext child;

    public ManagementServer(ConfigurableApplicationContext parent) {
        this.parent = parent;
    }

    @Override
    public void start() {
        if (!(parent instanceof BriskApplicationContext main) || main.getWebServer() == null
                || ManagementPortType.get(parent.getEnvironment()) != ManagementPortType.DIFFERENT) {
            return;
        }
        BriskWebServerApplicationContext management = new BriskWebServerApplicationContext();
        management.setId(parent.getId() + ":management");
        management.setServerNamespace("management");
        management.setClassLoader(parent.getClassLoader());
        management.setParent(parent);
        management.register(ManagementContextConfiguration.class);
        management.refresh();
        child = management;
    }

    @Override
    public void stop() {
        BriskWebServerApplicationContext management = child;
        child = null;
        if (management != null) {
            management.close();
        }
    }

    @Override
    public boolean isRunning() {
        return child != null;
    }

    /** After the main server's start, before its graceful shutdown: as Boot runs its management context. */
    @Override
    public int getPhase() {
        return WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE - 512;
    }

    /** The management context while it runs. */
    public BriskWebServerApplicationContext context() {
        return child;
    }
}
