package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.BriskWebServerFactory;
import dev.brisk.spring.boot.internal.ShutdownTimeout;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;


/**
 * Applies Boot's {@code server.*} properties (port, address, SSL, HTTP/2, server header, request header size,
 * shutdown, servlet context path), {@code spring.lifecycle.timeout-per-shutdown-phase} and {@code brisk.*} to the
 * {@link BriskWebServerFactory}. Runs first, so the application's own customizers see and may change the result.
 */
final class ServerPropertiesCustomizer implements WebServerFactoryCustomizer<BriskWebServerFactory>, Ordered {

    private final ServerProperties server;
    private final BriskProperties brisk;
    private final SslBundles sslBundles;
    private final Environment environment;

    ServerPropertiesCustomizer(ServerProperties server, BriskProperties brisk, SslBundles sslBundles,
                               Environment environment) {
        this.server = server;
        this.brisk = brisk;
        this.sslBundles = sslBundles;
        this.environment = environment;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public void customize(BriskWebServerFactory factory) {
        factory.setBrisk(brisk);
        if (server.getPort() != null) {
            factory.setPort(server.getPort());
        }
        factory.setAddress(server.getAddress());
        factory.setSsl(server.getSsl());
        factory.setSslBundles(sslBundles);
        if (environment.containsProperty("server.http2.enabled")) {
            factory.setHttp2(server.getHttp2());
        }
        factory.setServerHeader(server.getServerHeader());
        factory.setMaxRequestHeaderSize(server.getMaxHttpRequestHeaderSize());
        factory.setShutdown(server.getShutdown());
        factory.setShutdownTimeout(ShutdownTimeout.of(environment));
        if (brisk.getContextPath() != null) {
            factory.setContextPath(brisk.getContextPath());
        } else if (server.getServlet().getContextPath() != null) {
            factory.setContextPath(server.getServlet().getContextPath());
        }
    }
}
