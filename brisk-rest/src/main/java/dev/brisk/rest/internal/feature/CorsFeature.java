package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.web.CorsConfig;

import java.util.Objects;

/** CORS rules for the routes under a path pattern, checked by the pipeline's CORS stage. */
public record CorsFeature(String pathPattern, CorsConfig config) implements Feature {

    public CorsFeature {
        Objects.requireNonNull(pathPattern, "pathPattern");
        Objects.requireNonNull(config, "config");
    }

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).cors(pathPattern, config);
    }
}
