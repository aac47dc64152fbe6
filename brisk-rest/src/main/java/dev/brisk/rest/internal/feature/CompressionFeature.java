package dev.brisk.rest.internal.feature;

import dev.brisk.http.CompressionOptions;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;

/** Response compression and request body decoding, done by the HTTP server. */
public record CompressionFeature(CompressionOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        context.http(http -> http.compression(options));
    }
}
