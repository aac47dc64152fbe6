package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.internal.observe.HealthRoutes;
import dev.brisk.rest.observe.HealthOptions;

/** Liveness and readiness routes; readiness answers DOWN once the server begins to close. */
public record HealthFeature(HealthOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        HealthRoutes.routes(options, BuiltInStages.of(context).draining()).forEach(context::route);
    }
}
