package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.spring.boot.internal.BriskCorsConfigurationSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.cors.CorsConfigurationSource;

/**
 * For servlet applications served by Brisk that use Spring Security: Brisk's CORS rules as the
 * {@link CorsConfigurationSource} Security's {@code cors()} looks for (Spring MVC's handler mapping introspector plays
 * that part on Tomcat), unless the application has its own.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnBriskWebApplication
@ConditionalOnClass(name = {"jakarta.servlet.http.HttpServletRequest",
        "org.springframework.security.config.annotation.web.builders.HttpSecurity"})
public final class BriskServletAutoConfiguration {

    BriskServletAutoConfiguration() {
    }

    /** Named as Spring Security looks it up. */
    @Bean
    @ConditionalOnMissingBean(CorsConfigurationSource.class)
    CorsConfigurationSource corsConfigurationSource(ApplicationContext context) {
        return new BriskCorsConfigurationSource(context);
    }
}
