package dev.brisk.spring.boot;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;

/**
 * Published once a Brisk server of the application listens, as Tomcat's and Netty's servers publish theirs:
 * {@code local.server.port} (or {@code local.management.port}) is set from it.
 */
public class BriskWebServerInitializedEvent extends WebServerInitializedEvent {

    private static final long serialVersionUID = 1L;

    private final transient BriskWebServerApplicationContext context;

    public BriskWebServerInitializedEvent(BriskWebServer webServer, BriskWebServerApplicationContext context) {
        super(webServer);
        this.context = context;
    }

    @Override
    public BriskWebServer getWebServer() {
        return (BriskWebServer) super.getWebServer();
    }

    @Override
    public WebServerApplicationContext getApplicationContext() {
        return context;
    }
}
