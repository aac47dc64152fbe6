package dev.brisk.spring.boot.internal;

import dev.brisk.micrometer.MetricsOptions;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code brisk.metrics.*} bound onto {@link MetricsOptions.Builder}: how Brisk's Micrometer meters are made;
 * {@code brisk.metrics.enabled} turns them off. Only loaded when brisk-micrometer and Micrometer are present.
 */
public final class MetricsSettings {

    private static final String PREFIX = "brisk.metrics";

    private static final OptionsBinder OPTIONS = OptionsBinder.of(MetricsOptions.Builder.class)
            .setElsewhere("scrapePath", "management.endpoints.web (Actuator's prometheus endpoint)");

    private MetricsSettings() {
    }

    public static MetricsOptions of(Binder binder) {
        return OPTIONS.build(binder, PREFIX, MetricsOptions.builder(), MetricsOptions.Builder::build);
    }

    /** Every property, with the type its metadata gives. */
    public static Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(PREFIX + ".enabled", Boolean.class.getName());
        properties.putAll(OPTIONS.properties(PREFIX));
        return properties;
    }
}
