package dev.brisk.spring.boot.internal;

import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.SmartLifecycle;

/** Starts the Brisk server once the context's singletons exist, and stops it last. */
public final class WebServerStartStopLifecycle implements SmartLifecycle {

    private final BriskWebServerApplicationContext context;
    private final BriskWebServer server;
    private volatile boolean running;

    public WebServerStartStopLifecycle(BriskWebServerApplicationContext context, BriskWebServer server) {
        this.context = context;
        this.server = server;
    }

    @Override
    public void start() {
        server.start();
        running = true;
        context.webServerStarted(server);
    }

    @Override
    public void stop() {
        running = false;
        server.stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE;
    }

    @Override
    public boolean isPauseable() {
        return false;
    }
}
