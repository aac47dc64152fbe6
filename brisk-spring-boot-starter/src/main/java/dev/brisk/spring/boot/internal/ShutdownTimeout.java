package dev.brisk.spring.boot.internal;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import java.time.Duration;

/**
 * {@code spring.lifecycle.timeout-per-shutdown-phase}, bound as Boot binds it ({@code 20s}, {@code PT20S}, or a number
 * of milliseconds) from any environment, including a management context's, whose own conversion service has no
 * {@code String} to {@code Duration} converter.
 */
public final class ShutdownTimeout {

    private static final Duration DEFAULT = Duration.ofSeconds(30);

    private ShutdownTimeout() {
    }

    public static Duration of(Environment environment) {
        return Binder.get(environment).bind("spring.lifecycle.timeout-per-shutdown-phase", Duration.class)
                .orElse(DEFAULT);
    }
}
