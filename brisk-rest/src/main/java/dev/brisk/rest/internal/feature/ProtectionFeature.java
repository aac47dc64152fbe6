package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.protect.ProtectionOptions;

/** Limits, load shedding, timeouts and IP filters: checks of the pipeline, made only for what {@code options} set. */
public record ProtectionFeature(ProtectionOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).protection(options);
    }
}
