package dev.brisk.spring.boot.internal;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.servlet.ServletSupport;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.spring.boot.BriskApplicationContext;
import dev.brisk.spring.boot.BriskWebServer;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.context.ApplicationContext;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsConfigurationSource;

import java.util.ArrayList;

/**
 * Brisk's CORS rules ({@code @CrossOrigin}, {@code WebMvcConfigurer} mappings, {@code brisk.cors.*}) as a Spring
 * {@link CorsConfigurationSource}, as Spring MVC's handler mapping introspector offers its own: Spring Security's
 * {@code cors()} answers preflights and checks origins ahead of authentication with the rules the route has.
 */
public final class BriskCorsConfigurationSource implements CorsConfigurationSource {

    private final ApplicationContext context;

    public BriskCorsConfigurationSource(ApplicationContext context) {
        this.context = context;
    }

    @Override
    public CorsConfiguration getCorsConfiguration(HttpServletRequest request) {
        if (!(context instanceof BriskApplicationContext brisk)) {
            return null;
        }
        BriskWebServer webServer = brisk.getWebServer();
        BriskServer server = webServer == null ? null : webServer.server().orElse(null);
        if (server == null) {
            return null;
        }
        return ServletSupport.requestContext(request)
                .flatMap(ctx -> server.corsRules(ctx.request()))
                .map(BriskCorsConfigurationSource::spring)
                .orElse(null);
    }

    private static CorsConfiguration spring(CorsConfig rules) {
        CorsConfiguration configuration = new CorsConfiguration();
        configuration.setAllowedOrigins(new ArrayList<>(rules.allowedOrigins()));
        configuration.setAllowedOriginPatterns(new ArrayList<>(rules.allowedOriginPatterns()));
        configuration.setAllowedMethods(new ArrayList<>(rules.allowedMethods()));
        configuration.setAllowedHeaders(new ArrayList<>(rules.allowedHeaders()));
        configuration.setExposedHeaders(new ArrayList<>(rules.exposedHeaders()));
        configuration.setAllowCredentials(rules.allowCredentials());
        if (rules.maxAge() != null) {
            configuration.setMaxAge(rules.maxAge());
        }
        return configuration;
    }
}
