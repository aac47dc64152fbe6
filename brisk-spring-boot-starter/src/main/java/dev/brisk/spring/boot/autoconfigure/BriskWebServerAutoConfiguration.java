package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rest.BriskServer;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.BriskWebServerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.WebServerFactoryCustomizerBeanPostProcessor;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Serves a Spring Boot application with Brisk instead of Tomcat and the DispatcherServlet: active when brisk-rest is
 * on the class path and no servlet or reactive web stack is. The server is configured from {@code server.*} and
 * {@code brisk.*}, and serves the context's controllers, advice, filters, interceptors, exception handlers, schedulers
 * and codecs.
 */
@AutoConfiguration(afterName = "org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration")
@ConditionalOnClass(BriskServer.class)
@ConditionalOnBriskWebApplication
@EnableConfigurationProperties({ServerProperties.class, BriskProperties.class})
public final class BriskWebServerAutoConfiguration {

    BriskWebServerAutoConfiguration() {
    }

    /** Applies the {@code WebServerFactoryCustomizer} beans to the factory, as Boot does for its own servers. */
    @Bean
    static WebServerFactoryCustomizerBeanPostProcessor briskWebServerFactoryCustomizerBeanPostProcessor() {
        return new WebServerFactoryCustomizerBeanPostProcessor();
    }

    @Bean
    @ConditionalOnMissingBean
    BriskWebServerFactory briskWebServerFactory() {
        return new BriskWebServerFactory();
    }

    @Bean
    ServerPropertiesCustomizer briskServerPropertiesCustomizer(ServerProperties server, BriskProperties brisk,
                                                               ObjectProvider<SslBundles> sslBundles,
                                                               Environment environment) {
        return new ServerPropertiesCustomizer(server, brisk, sslBundles.getIfAvailable(), environment);
    }
}
