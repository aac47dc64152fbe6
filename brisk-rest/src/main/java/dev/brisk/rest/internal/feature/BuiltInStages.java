package dev.brisk.rest.internal.feature;

import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.internal.observe.Draining;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.rest.protect.ProtectionOptions;
import dev.brisk.rest.web.CorsConfig;

/**
 * The stages of a server's pipeline that only the built-in features set: the {@link FeatureContext} a server being
 * built gives its built-in features also offers these.
 */
public interface BuiltInStages {

    /** The stages of {@code context}; fails when it is not a server being built by {@code BriskServer.Builder}. */
    static BuiltInStages of(FeatureContext context) {
        if (context instanceof BuiltInStages stages) {
            return stages;
        }
        throw new IllegalArgumentException("a built-in feature installs only through BriskServer.Builder, not into "
                + context);
    }

    /** What tells the readiness route that the server is closing. */
    Draining draining();

    void protection(ProtectionOptions protection);

    void accessLog(AccessLogOptions accessLog);

    void tracing(TracingOptions tracing);

    void cors(String pathPattern, CorsConfig config);

    void multipart(MultipartOptions multipart);
}
