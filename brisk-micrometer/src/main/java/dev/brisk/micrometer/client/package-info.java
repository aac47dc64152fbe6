/**
 * Micrometer meters for the Brisk HTTP client: {@link dev.brisk.micrometer.client.MicrometerClientMetrics}, a
 * {@code ClientMetrics}. Needs brisk-client, an optional dependency of brisk-micrometer.
 */
package dev.brisk.micrometer.client;
