package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.multipart.MultipartOptions;

/** How {@code multipart/form-data} bodies are received. */
public record MultipartFeature(MultipartOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).multipart(options);
    }
}
