package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rest.websocket.ServerEndpointDefaults;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.internal.WebSocketDefaults;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The defaults of Jakarta WebSocket {@code @ServerEndpoint} beans ({@code brisk.websocket.*}), when
 * brisk-rest-websocket is present: a {@link ServerEndpointDefaults} bean (the application's own, if it has one)
 * registered on the server beside the endpoints.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnBriskWebApplication
@ConditionalOnClass(name = {"dev.brisk.rest.websocket.ServerEndpointSupport", "jakarta.websocket.server.ServerEndpoint"})
public final class BriskWebSocketAutoConfiguration {

    BriskWebSocketAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    ServerEndpointDefaults briskServerEndpointDefaults(Environment environment) {
        return WebSocketDefaults.of(Binder.get(environment));
    }

    @Bean
    BriskServerCustomizer briskServerEndpointDefaultsCustomizer(ServerEndpointDefaults defaults) {
        return server -> server.controllers(defaults);
    }
}
