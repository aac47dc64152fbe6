/**
 * Micrometer meters for collapsers: {@link dev.brisk.collapse.micrometer.MicrometerCollapseMetrics}. The only package
 * of brisk-collapse that uses Micrometer, which stays an optional dependency.
 */
package dev.brisk.collapse.micrometer;
