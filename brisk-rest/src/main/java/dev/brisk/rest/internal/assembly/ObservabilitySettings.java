package dev.brisk.rest.internal.assembly;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.internal.feature.AccessLogFeature;
import dev.brisk.rest.internal.feature.HealthFeature;
import dev.brisk.rest.internal.feature.TracingFeature;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.HealthOptions;
import dev.brisk.rest.observe.ObservabilityConfig;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.rest.observe.TracingOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The builder's {@link ObservabilityConfig}: each part off while null. */
final class ObservabilitySettings implements ObservabilityConfig {

    private AccessLogOptions accessLog;
    private TracingOptions tracing;
    private HealthOptions health;
    private final List<RequestObserver> observers = new ArrayList<>();

    @Override
    public ObservabilityConfig accessLog(AccessLogOptions options) {
        this.accessLog = Objects.requireNonNull(options, "options must not be null");
        return this;
    }

    @Override
    public ObservabilityConfig tracing(TracingOptions options) {
        this.tracing = Objects.requireNonNull(options, "options must not be null");
        return this;
    }

    @Override
    public ObservabilityConfig health(HealthOptions options) {
        this.health = Objects.requireNonNull(options, "options must not be null");
        return this;
    }

    @Override
    public ObservabilityConfig observer(RequestObserver observer) {
        observers.add(Objects.requireNonNull(observer, "observer"));
        return this;
    }

    /** The features that install these settings: observers, access log, tracing, health. */
    void addFeatures(List<Feature> features) {
        for (RequestObserver observer : observers) {
            features.add(context -> context.observer(observer));
        }
        if (accessLog != null) {
            features.add(new AccessLogFeature(accessLog));
        }
        if (tracing != null) {
            features.add(new TracingFeature(tracing));
        }
        if (health != null) {
            features.add(new HealthFeature(health));
        }
    }
}
