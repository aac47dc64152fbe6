package dev.brisk.rest.spring.internal;

import dev.brisk.rest.web.CorsConfig;
import org.springframework.web.cors.CorsConfiguration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Spring's global CORS configuration as Brisk's server-wide rules by path pattern. An application registers, with its
 * controllers, what it would declare as beans on Spring MVC: a {@code WebMvcConfigurer} whose
 * {@code addCorsMappings(CorsRegistry)} adds the mappings (spring-webmvc), or a {@code UrlBasedCorsConfigurationSource}
 * holding {@link CorsConfiguration}s by pattern. Each {@code CorsConfiguration} keeps its meaning: values a
 * {@code CorsRegistry} mapping leaves at Spring's defaults (any origin, {@code GET}/{@code HEAD}/{@code POST}, any
 * header) give way to a handler's {@code @CrossOrigin}, as in Spring; values a bare {@code CorsConfiguration} leaves
 * unset allow what Spring allows then (no origin, {@code GET} and {@code HEAD}, no request header).
 */
public final class GlobalCors {

    private static final String URL_BASED_SOURCE = "org.springframework.web.cors.UrlBasedCorsConfigurationSource";
    private static final String WEB_MVC_CONFIGURER =
            "org.springframework.web.servlet.config.annotation.WebMvcConfigurer";

    private GlobalCors() {
    }

    /** Whether {@code type} is a {@code WebMvcConfigurer} (checked without loading Spring MVC's classes). */
    public static boolean declaresMvcConfiguration(Class<?> type) {
        return implementsType(type, WEB_MVC_CONFIGURER);
    }

    /** Whether objects of {@code type} declare global CORS rules (checked without loading Spring MVC's classes). */
    public static boolean declares(Class<?> type) {
        return implementsType(type, URL_BASED_SOURCE) || implementsType(type, WEB_MVC_CONFIGURER);
    }

    /**
     * The rules {@code bean} declares, in its order.
     *
     * @throws IllegalArgumentException naming the pattern or the setting Brisk cannot honour
     */
    public static List<Map.Entry<String, CorsConfig>> of(Object bean) {
        Map<String, CorsConfiguration> declared = implementsType(bean.getClass(), URL_BASED_SOURCE)
                ? ((UrlBasedCorsConfigurationSource) bean).getCorsConfigurations()
                : Registry.mappings(bean);
        List<Map.Entry<String, CorsConfig>> mappings = new ArrayList<>(declared.size());
        declared.forEach((pattern, configuration) -> {
            try {
                mappings.add(Map.entry(template(pattern), convert(configuration)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("CORS mapping \"" + pattern + "\" of " + bean.getClass().getName()
                        + ": " + e.getMessage(), e);
            }
        });
        return mappings;
    }

    /** A Spring path pattern as a Brisk template: whole-segment wildcards only. */
    static String template(String pattern) {
        String path = pattern.startsWith("/") ? pattern : "/" + pattern;
        for (String segment : path.substring(1).split("/", -1)) {
            boolean wildcard = segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0;
            if (wildcard && !segment.equals("*") && !segment.equals("**") && !segment.startsWith("{*")) {
                throw new IllegalArgumentException("wildcards within a segment ('" + segment + "') are not "
                        + "supported: use whole segments (*, ** or {*rest})");
            }
        }
        return path;
    }

    /** Spring's configuration as Brisk rules: unset where Spring's give-way defaults are, as Spring reads the rest. */
    static CorsConfig convert(CorsConfiguration configuration) {
        CorsConfiguration defaults = new CorsConfiguration().applyPermitDefaultValues();
        CorsConfig.Builder builder = CorsConfig.builder();
        List<String> origins = configuration.getAllowedOrigins();
        List<String> patterns = configuration.getAllowedOriginPatterns();
        if (origins != defaults.getAllowedOrigins()) {
            if (origins == null && patterns == null) {
                builder.allowedOrigins();
            }
            if (origins != null) {
                builder.allowedOrigins(origins.toArray(String[]::new));
            }
            if (patterns != null) {
                builder.allowedOriginPatterns(patterns.toArray(String[]::new));
            }
        }
        List<String> methods = configuration.getAllowedMethods();
        if (methods == null) {
            builder.allowedMethods("GET", "HEAD");
        } else if (methods != defaults.getAllowedMethods()) {
            builder.allowedMethods(methods.toArray(String[]::new));
        }
        List<String> headers = configuration.getAllowedHeaders();
        if (headers == null) {
            builder.allowedHeaders();
        } else if (headers != defaults.getAllowedHeaders()) {
            builder.allowedHeaders(headers.toArray(String[]::new));
        }
        if (configuration.getExposedHeaders() != null) {
            builder.exposedHeaders(configuration.getExposedHeaders().toArray(String[]::new));
        }
        if (configuration.getAllowCredentials() != null) {
            builder.allowCredentials(configuration.getAllowCredentials());
        }
        if (Boolean.TRUE.equals(configuration.getAllowPrivateNetwork())) {
            throw new IllegalArgumentException("allowPrivateNetwork(true) is not supported: Brisk does not answer "
                    + "private network access preflights");
        }
        if (configuration.getMaxAge() != null) {
            builder.maxAge(Duration.ofSeconds(Math.max(0, configuration.getMaxAge())));
        }
        return builder.build();
    }

    static boolean implementsType(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                return true;
            }
            for (Class<?> implemented : c.getInterfaces()) {
                if (implementsType(implemented, name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The mappings a {@code WebMvcConfigurer} adds to a {@code CorsRegistry} (spring-webmvc). */
    private static final class Registry extends CorsRegistry {

        static Map<String, CorsConfiguration> mappings(Object configurer) {
            Registry registry = new Registry();
            ((WebMvcConfigurer) configurer).addCorsMappings(registry);
            return registry.getCorsConfigurations();
        }
    }
}
