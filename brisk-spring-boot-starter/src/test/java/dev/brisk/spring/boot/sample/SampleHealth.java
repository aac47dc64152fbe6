package dev.brisk.spring.boot.sample;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

import java.util.concurrent.atomic.AtomicBoolean;

/** A health indicator the tests can switch down. */
@Component("sample")
public class SampleHealth implements HealthIndicator {

    private final AtomicBoolean up = new AtomicBoolean(true);

    public void up(boolean value) {
        up.set(value);
    }

    @Override
    public Health health() {
        return (up.get() ? Health.up() : Health.down()).withDetail("switch", up.get() ? "on" : "off").build();
    }
}
