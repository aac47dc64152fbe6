package dev.brisk.spring.boot;

import dev.brisk.spring.boot.internal.WebServerStartStopLifecycle;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.ConfigurableWebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.ApplicationContextException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * The application context of a Spring Boot application served by Brisk (created for applications without a servlet or
 * reactive web stack when the starter is present). When refreshed it creates the {@link BriskWebServer} from its
 * {@link BriskWebServerFactory} bean, if it has one, and runs it in Boot's lifecycle phases: started once every
 * singleton exists ({@link #START_STOP_LIFECYCLE_PHASE}), drained first on close ({@link #GRACEFUL_SHUTDOWN_PHASE}).
 */
public class BriskWebServerApplicationContext extends AnnotationConfigApplicationContext
        implements ConfigurableWebServerApplicationContext, BriskApplicationContext {

    private volatile BriskWebServer webServer;
    private String serverNamespace;

    public BriskWebServerApplicationContext() {
    }

    @Override
    public final void refresh() {
        try {
            super.refresh();
        } catch (RuntimeException e) {
            BriskWebServer server = webServer;
            if (server != null) {
                server.stop();
            }
            throw e;
        }
    }

    @Override
    protected void onRefresh() {
        super.onRefresh();
        String[] factories = getBeanFactory().getBeanNamesForType(BriskWebServerFactory.class);
        if (factories.length == 0) {
            return;
        }
        if (factories.length > 1) {
            throw new ApplicationContextException("Unable to start Brisk: several BriskWebServerFactory beans: "
                    + String.join(", ", factories));
        }
        BriskWebServer server = getBeanFactory().getBean(factories[0], BriskWebServerFactory.class)
                .getWebServer(this);
        webServer = server;
        getBeanFactory().registerSingleton("briskWebServerGracefulShutdown",
                new WebServerGracefulShutdownLifecycle(server));
        getBeanFactory().registerSingleton("briskWebServerStartStop", new WebServerStartStopLifecycle(this, server));
    }

    @Override
    protected void doClose() {
        if (isActive()) {
            AvailabilityChangeEvent.publish(this, ReadinessState.REFUSING_TRAFFIC);
        }
        super.doClose();
    }

    @Override
    protected void onClose() {
        super.onClose();
        BriskWebServer server = webServer;
        if (server != null) {
            server.destroy();
        }
    }

    /** The Brisk web server, or null when this context serves none. */
    @Override
    public BriskWebServer getWebServer() {
        return webServer;
    }

    @Override
    public String getServerNamespace() {
        return serverNamespace;
    }

    @Override
    public void setServerNamespace(String serverNamespace) {
        this.serverNamespace = serverNamespace;
    }

    /** Publishes that {@code server} listens (called by the start lifecycle). */
    public void webServerStarted(WebServer server) {
        if (server instanceof BriskWebServer brisk && brisk.isListening()) {
            publishEvent(new BriskWebServerInitializedEvent(brisk, this));
        }
    }
}
