package dev.brisk.spring.boot.rpc.selection;

import dev.brisk.spring.boot.rpc.Greeter;
import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.function.Supplier;

/** A Boot application whose references choose providers by version and group. */
@SpringBootApplication
public class SelectingApplication {

    /** The same choice as {@link Selections#blue()}: the same proxy. */
    @Bean
    Supplier<Greeter> blueSupplier(@RpcReference(version = "[2.0,3.0)", group = "blue") Greeter blue) {
        return () -> blue;
    }
}
