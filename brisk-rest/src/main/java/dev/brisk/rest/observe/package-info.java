/**
 * What a server tells about itself: the settings group {@link dev.brisk.rest.observe.ObservabilityConfig}
 * ({@code Brisk.server().observability(o -> ...)}), the access log and tracing options, health routes and their
 * checks, and {@link dev.brisk.rest.observe.RequestObserver}, told of every completed request (the seam of metrics).
 */
package dev.brisk.rest.observe;
