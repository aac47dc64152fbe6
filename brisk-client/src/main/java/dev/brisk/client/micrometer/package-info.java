/**
 * Micrometer meters for the Brisk HTTP client: {@link dev.brisk.client.micrometer.MicrometerClientMetrics}. The only
 * package of brisk-client that uses Micrometer, which stays an optional dependency.
 */
package dev.brisk.client.micrometer;
