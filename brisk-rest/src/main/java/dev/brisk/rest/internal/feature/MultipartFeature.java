package dev.brisk.rest.internal.feature;

import dev.brisk.rest.MultipartOptions;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;

/** How {@code multipart/form-data} bodies are received. */
public record MultipartFeature(MultipartOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).multipart(options);
    }
}
