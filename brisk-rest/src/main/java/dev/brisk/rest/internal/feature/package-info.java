/** The built-in optional features, each installed through the same {@link dev.brisk.rest.feature.Feature} seam. */
package dev.brisk.rest.internal.feature;
