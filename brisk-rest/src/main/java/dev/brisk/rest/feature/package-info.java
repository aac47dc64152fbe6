/**
 * The one seam through which optional parts install themselves into a server being built ({@link
 * dev.brisk.rest.feature.Feature}), and what they see of it ({@link dev.brisk.rest.feature.FeatureContext}). The
 * settings of the built-in features live with their concern: {@code protect}, {@code observe} and {@code web}.
 */
package dev.brisk.rest.feature;
