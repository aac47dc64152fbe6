/**
 * The one seam through which optional parts install themselves into a server being built ({@link
 * dev.brisk.rest.feature.Feature}), and the grouped settings of the built-in ones: {@link
 * dev.brisk.rest.feature.ProtectionConfig}, {@link dev.brisk.rest.feature.ObservabilityConfig}, {@link
 * dev.brisk.rest.feature.WebConfig}, and {@link dev.brisk.rest.feature.RouteGroup} for routes under a common prefix.
 */
package dev.brisk.rest.feature;
