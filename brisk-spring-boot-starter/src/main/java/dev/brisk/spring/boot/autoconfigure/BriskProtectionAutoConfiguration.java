package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rest.BriskServer;
import dev.brisk.spring.boot.BriskProtectionProperties;
import dev.brisk.spring.boot.BriskServerCustomizer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Brisk's protection from {@code brisk.protection.*} ({@link BriskProtectionProperties}) onto the server. */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnClass(BriskServer.class)
@ConditionalOnBriskWebApplication
@EnableConfigurationProperties(BriskProtectionProperties.class)
public final class BriskProtectionAutoConfiguration {

    BriskProtectionAutoConfiguration() {
    }

    @Bean
    BriskServerCustomizer briskProtection(BriskProtectionProperties settings) {
        return settings::applyTo;
    }
}
