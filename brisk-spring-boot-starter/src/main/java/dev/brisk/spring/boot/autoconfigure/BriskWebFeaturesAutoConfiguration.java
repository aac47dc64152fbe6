package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.BriskStaticProperties;
import dev.brisk.spring.boot.internal.WebFeatureSettings;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * Response compression ({@code brisk.compression.*}, {@code server.compression.*}) and static resources
 * ({@code brisk.static.*}, {@code spring.web.resources.*}) on the Brisk server, as {@link BriskServerCustomizer}s.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnBriskWebApplication
@EnableConfigurationProperties(BriskStaticProperties.class)
public final class BriskWebFeaturesAutoConfiguration {

    BriskWebFeaturesAutoConfiguration() {
    }

    @Bean
    BriskServerCustomizer briskCompressionCustomizer(ApplicationContext context) {
        return server -> WebFeatureSettings.compression(Binder.get(context.getEnvironment()))
                .ifPresent(options -> server.web(w -> w.compression(options)));
    }

    @Bean
    BriskServerCustomizer briskStaticResourcesCustomizer(BriskStaticProperties resources,
                                                         ApplicationContext context) {
        return server -> WebFeatureSettings.staticResources(server, Binder.get(context.getEnvironment()), resources,
                context.getClassLoader() != null ? context.getClassLoader() : getClass().getClassLoader());
    }
}
