package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.observe.TracingOptions;

/** W3C trace context handling (and OpenTelemetry spans when asked for). */
public record TracingFeature(TracingOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).tracing(options);
    }
}
