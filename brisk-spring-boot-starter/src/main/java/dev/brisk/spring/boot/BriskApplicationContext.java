package dev.brisk.spring.boot;

import org.springframework.boot.web.server.context.WebServerApplicationContext;

/**
 * An application context served by Brisk: a {@link BriskWebServerApplicationContext}, or a
 * {@link BriskServletWebServerApplicationContext} when the servlet API is on the class path.
 */
public interface BriskApplicationContext extends WebServerApplicationContext {

    /** The Brisk web server, or null when the context serves none. */
    @Override
    BriskWebServer getWebServer();
}
