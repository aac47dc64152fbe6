package dev.brisk.spring.boot;

import dev.brisk.rest.BriskServer;

/**
 * A bean that adjusts the Brisk server a Spring Boot application starts, after the starter applied the properties and
 * registered the application's beans: add programmatic routes, filters, HTTP options... Customizers run in
 * {@link org.springframework.core.annotation.Order} order.
 *
 * <pre>{@code
 * @Bean
 * BriskServerCustomizer fastPath() {
 *     return server -> server.get("/ping", ctx -> ctx.send("pong"));
 * }
 * }</pre>
 */
@FunctionalInterface
public interface BriskServerCustomizer {

    void customize(BriskServer.Builder server);
}
