package dev.brisk.rest.internal;

import dev.brisk.rest.internal.observe.AccessLog;
import dev.brisk.rest.internal.observe.ServerTracing;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.rest.protect.ProtectionOptions;
import dev.brisk.rest.spi.RoutingFailureHandler;

import java.util.List;
import java.util.Objects;

/**
 * The optional stages of a {@link RestServer}'s pipeline, fixed before it serves: a stage that is off costs nothing per
 * request.
 *
 * @param web             CORS rules and multipart settings
 * @param protection      limits, load shedding, timeouts and IP filters
 * @param failureHandlers the controller styles' answers to requests no route takes, offered in order
 * @param observer        told about every completed request; null when requests are not observed
 * @param accessLog       null when off
 * @param tracing         null when off
 */
public record PipelineStages(WebFeatures web, ProtectionOptions protection,
                             List<RoutingFailureHandler> failureHandlers, RequestObserver observer,
                             AccessLog accessLog, ServerTracing tracing) {

    /** No optional stage. */
    public static final PipelineStages NONE = new PipelineStages(WebFeatures.DEFAULT, ProtectionOptions.DEFAULT,
            List.of(), null, null, null);

    public PipelineStages {
        Objects.requireNonNull(web, "web");
        Objects.requireNonNull(protection, "protection");
        failureHandlers = List.copyOf(failureHandlers);
    }
}
