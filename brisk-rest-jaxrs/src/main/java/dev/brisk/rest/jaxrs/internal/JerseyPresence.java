package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.support.OptionalLibraries;

/**
 * Whether jersey-server is on the class path, checked without loading any of its classes: only then are the
 * classes of {@code internal.jersey} used, so nothing of Jersey loads for applications without it.
 */
public final class JerseyPresence {

    private static final String RESOURCE_CONFIG = "org.glassfish.jersey.server.ResourceConfig";

    /** Jersey's server ({@code org.glassfish.jersey.server.ResourceConfig}) can be loaded. */
    public static final boolean PRESENT = OptionalLibraries.present(RESOURCE_CONFIG);

    private JerseyPresence() {
    }

    /** Whether {@code application} is a Jersey {@code ResourceConfig} (by class name: loads nothing of Jersey). */
    public static boolean isResourceConfig(Object application) {
        return PRESENT && OptionalLibraries.isOrExtends(application.getClass(), RESOURCE_CONFIG);
    }
}
