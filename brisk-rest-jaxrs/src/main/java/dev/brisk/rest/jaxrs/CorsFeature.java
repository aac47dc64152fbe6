package dev.brisk.rest.jaxrs;

import dev.brisk.rest.web.CorsConfig;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

import java.util.Objects;

/**
 * Cross-origin resource sharing for the JAX-RS resources of a server, answered by Brisk's CORS engine: register it
 * like any provider, in {@code Application.getSingletons()} or with the resources, and every resource method's route
 * gets these rules. Preflights are answered before any filter or resource runs ({@code 200} with the
 * {@code Access-Control-Allow-*} headers, or {@code 403} naming the refused origin, method or header); actual
 * requests get {@code Access-Control-Allow-Origin} and {@code Vary: Origin}, or {@code 403} before the resource
 * method when their origin is not allowed.
 *
 * <pre>{@code
 * public Set<Object> getSingletons() {
 *     return Set.of(new TaskResource(store), CorsFeature.create(CorsConfig.builder()
 *             .allowedOrigins("https://app.example.com")
 *             .allowedHeaders("Content-Type", "Authorization")
 *             .exposedHeaders("Location")
 *             .allowCredentials(true)
 *             .build()));
 * }
 * }</pre>
 *
 * <p>Methods left unset in the rules allow each route's own method. It takes the place of the
 * {@code ContainerResponseFilter} Jersey applications write for CORS (which keeps working as well); rules that differ
 * by path are registered on the server instead: {@code Brisk.server().web(w -> w.cors("/api/public/**", config))},
 * which applies to JAX-RS routes too, under these. One per server.
 */
public final class CorsFeature implements Feature {

    private final CorsConfig config;

    private CorsFeature(CorsConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /** The feature applying {@code config} to the JAX-RS routes. */
    public static CorsFeature create(CorsConfig config) {
        return new CorsFeature(config);
    }

    /** The rules. */
    public CorsConfig config() {
        return config;
    }

    /**
     * Nothing to configure in a {@link FeatureContext}: Brisk reads the rules when it builds the routes.
     *
     * @return {@code true}
     */
    @Override
    public boolean configure(FeatureContext context) {
        return true;
    }

    @Override
    public String toString() {
        return "CorsFeature[" + config + "]";
    }
}
