/**
 * Micrometer meters for collapsers: {@link dev.brisk.micrometer.collapse.MicrometerCollapseMetrics}, a
 * {@code CollapseMetrics}. Needs brisk-collapse, an optional dependency of brisk-micrometer.
 */
package dev.brisk.micrometer.collapse;
