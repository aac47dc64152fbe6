package dev.brisk.spring.boot;

import dev.brisk.rest.feature.Feature;
import dev.brisk.spring.boot.internal.ServerAssembly;
import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.Objects;

/**
 * Spring Boot's web server factory for Brisk: holds what {@code server.*} and {@code brisk.*} configure (Boot's
 * {@code WebServerFactoryCustomizer<BriskWebServerFactory>} beans may change it too) and creates the
 * {@link BriskWebServer} of an application context. Compression is configured from {@code server.compression.*} and
 * {@code brisk.compression.*} (bound onto {@code CompressionOptions.Builder}); error pages are not supported: Brisk
 * answers errors as RFC 9457 problems.
 */
public class BriskWebServerFactory extends AbstractConfigurableWebServerFactory {

    private BriskProperties brisk = new BriskProperties();
    private Duration shutdownTimeout = Duration.ofSeconds(30);
    private String contextPath = "";
    private DataSize maxRequestHeaderSize;

    public BriskWebServerFactory() {
    }

    /** The web server of {@code context}; its routes are read from the context's beans when it starts. */
    public BriskWebServer getWebServer(ApplicationContext context) {
        Objects.requireNonNull(context, "context");
        return new BriskWebServer(() -> ServerAssembly.assemble(this, context), brisk.isListen(), getPort(),
                getShutdown(), shutdownTimeout);
    }

    /**
     * The web server of a servlet application context: the one {@link #getWebServer(ApplicationContext)} makes, with
     * the servlet facade ({@code servlet}, filled by the context's initializers) installed.
     */
    BriskWebServer getWebServer(ApplicationContext context, Feature servlet) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(servlet, "servlet");
        return new BriskWebServer(() -> ServerAssembly.assemble(this, context).feature(servlet), brisk.isListen(),
                getPort(), getShutdown(), shutdownTimeout);
    }

    /** Prefix of every route without a trailing slash; empty for none (also for {@code "/"}). */
    public String routePrefix() {
        String path = contextPath;
        if (path == null || path.isEmpty() || path.equals("/")) {
            return "";
        }
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    public BriskProperties getBrisk() {
        return brisk;
    }

    public void setBrisk(BriskProperties brisk) {
        this.brisk = Objects.requireNonNull(brisk, "brisk");
    }

    /** How long graceful shutdown waits for in-flight requests ({@code spring.lifecycle.timeout-per-shutdown-phase}). */
    public Duration getShutdownTimeout() {
        return shutdownTimeout;
    }

    public void setShutdownTimeout(Duration shutdownTimeout) {
        this.shutdownTimeout = Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
    }

    /** Prefix of every route; empty for none. */
    public String getContextPath() {
        return contextPath;
    }

    public void setContextPath(String contextPath) {
        this.contextPath = contextPath == null ? "" : contextPath;
    }

    /** Largest request header block ({@code server.max-http-request-header-size}), or null for Brisk's default. */
    public DataSize getMaxRequestHeaderSize() {
        return maxRequestHeaderSize;
    }

    public void setMaxRequestHeaderSize(DataSize maxRequestHeaderSize) {
        this.maxRequestHeaderSize = maxRequestHeaderSize;
    }
}
