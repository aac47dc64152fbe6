package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.servletfilters.BasicSecurityConfiguration;
import dev.brisk.benchmarks.serve.servletfilters.HeaderFilterConfiguration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the launcher's Spring Boot applications put in front of the benchmark controller: nothing, a trivial servlet
 * filter, or Spring Security's filter chain. Spring Security is in this jar, so an application without it is told to
 * leave out Security's auto-configuration (which would otherwise secure every endpoint with a generated password).
 */
enum SpringFilters {

    /** The controller alone. */
    NONE(""),
    /** A servlet {@code Filter} bean that sets a header ({@link HeaderFilterConfiguration}). */
    FILTER("-filter", HeaderFilterConfiguration.class),
    /** Spring Security, stateless HTTP Basic ({@link BasicSecurityConfiguration}). */
    SECURITY("-security", BasicSecurityConfiguration.class);

    private static final List<String> SECURITY_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration");

    private final String suffix;
    private final Class<?>[] configurations;

    SpringFilters(String suffix, Class<?>... configurations) {
        this.suffix = suffix;
        this.configurations = configurations;
    }

    /** The end of the {@code serve} implementation's name: {@code spring-mvc} + suffix. */
    String suffix() {
        return suffix;
    }

    /** The application's primary sources: its application class and this choice's configuration. */
    Class<?>[] sources(Class<?> application) {
        return Stream.concat(Stream.of(application), Stream.of(configurations)).toArray(Class<?>[]::new);
    }

    /** The auto-configuration classes the application leaves out ({@code spring.autoconfigure.exclude}). */
    List<String> excludedAutoConfigurations() {
        return this == SECURITY ? List.of() : SECURITY_AUTO_CONFIGURATIONS;
    }

    /** Sets {@code spring.autoconfigure.exclude} to these and {@link #excludedAutoConfigurations()}. */
    void exclude(Map<String, Object> properties, List<String> more) {
        List<String> excluded = new ArrayList<>(excludedAutoConfigurations());
        excluded.addAll(more);
        if (!excluded.isEmpty()) {
            properties.put("spring.autoconfigure.exclude", String.join(",", excluded));
        }
    }
}
