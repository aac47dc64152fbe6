package dev.brisk.spring.boot.rpc.consumer;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.function.Supplier;

/**
 * A Boot application that calls {@link Greeter} over RPC, through a constructor parameter, a field and a {@code @Bean}
 * method parameter, and also has a local {@link Greeter} that plain injection keeps getting.
 */
@SpringBootApplication
public class ConsumerApplication {

    /** The local implementation: not exported, and what an injection point without {@code @RpcReference} gets. */
    @Bean
    Greeter localGreeter() {
        return new Greeter() {
            @Override
            public String greet(String name) {
                return "local hello " + name;
            }

            @Override
            public String greetSlowly(String name, long millis) {
                return greet(name);
            }
        };
    }

    /** A {@code @Bean} method taking the proxy. */
    @Bean
    Supplier<String> remoteGreeting(@RpcReference Greeter greeter) {
        return () -> greeter.greet("bean method");
    }
}
