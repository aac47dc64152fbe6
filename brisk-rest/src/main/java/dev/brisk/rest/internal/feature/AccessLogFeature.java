package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.observe.AccessLogOptions;

/** The access log, a line per completed request written off the request threads. */
public record AccessLogFeature(AccessLogOptions options) implements Feature {

    @Override
    public void install(FeatureContext context) {
        BuiltInStages.of(context).accessLog(options);
    }
}
