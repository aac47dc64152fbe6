package dev.brisk.rest.jaxrs.internal;

import java.util.List;
import java.util.Map;

/**
 * What one {@code Application} registers, read once at startup: its instances, its classes (those a package scan
 * found included), its properties, and the resource methods it declares in code (Jersey's programmatic resources).
 */
public record ApplicationContents(List<Object> singletons, List<Class<?>> classes, Map<String, Object> properties,
                                  List<ProgrammaticMethod> programmatic) {

    /** The property naming the packages to scan (Jersey's name, so applications written for it keep theirs). */
    public static final String PACKAGES = "jersey.config.server.provider.packages";
    /** Whether the packages of {@link #PACKAGES} are scanned with their sub-packages ({@code true} unless set). */
    public static final String RECURSIVE = "jersey.config.server.provider.scanning.recursive";
    /** The property naming resource and provider classes to load (Jersey's name). */
    public static final String CLASS_NAMES = "jersey.config.server.provider.classnames";
    /** {@code true} turns Bean Validation off for the application's routes (Jersey's name). */
    public static final String VALIDATION_DISABLED = "jersey.config.beanValidation.disable.server";
    /** {@code true} turns Jersey's WADL off; Brisk serves none either way (Jersey's name). */
    public static final String WADL_DISABLED = "jersey.config.server.wadl.disableWadl";
    /**
     * {@code true} (also under {@code jersey.config.server.}) keeps a {@code ResourceConfig}'s JSON from being mapped
     * with Jackson 2 just because Jersey's Jackson support is on the class path (Jersey's name).
     */
    public static final String AUTO_DISCOVERY_DISABLED = "jersey.config.disableAutoDiscovery";
    /** {@code true} (also under {@code jersey.config.server.}): the same, for JSON alone (Jersey's name). */
    public static final String JSON_PROCESSING_DISABLED = "jersey.config.disableJsonProcessing";
    /** {@link #AUTO_DISCOVERY_DISABLED} for the server only (Jersey's name). */
    public static final String SERVER_AUTO_DISCOVERY_DISABLED = "jersey.config.server.disableAutoDiscovery";
    /** {@link #JSON_PROCESSING_DISABLED} for the server only (Jersey's name). */
    public static final String SERVER_JSON_PROCESSING_DISABLED = "jersey.config.server.disableJsonProcessing";

    public ApplicationContents {
        singletons = List.copyOf(singletons);
        classes = List.copyOf(classes);
        properties = Map.copyOf(properties);
        programmatic = List.copyOf(programmatic);
    }

    /** Whether {@code name} is a property Brisk gives a meaning to. */
    public static boolean understood(String name) {
        return switch (name) {
            case PACKAGES, RECURSIVE, CLASS_NAMES, VALIDATION_DISABLED, WADL_DISABLED, AUTO_DISCOVERY_DISABLED,
                 JSON_PROCESSING_DISABLED, SERVER_AUTO_DISCOVERY_DISABLED, SERVER_JSON_PROCESSING_DISABLED -> true;
            default -> false;
        };
    }

    /** Whether the application turned Bean Validation off. */
    public boolean validationDisabled() {
        return flag(properties.get(VALIDATION_DISABLED), false);
    }

    /** A boolean property's value: {@code true}/{@code false} as a {@code Boolean} or text, else {@code otherwise}. */
    public static boolean flag(Object value, boolean otherwise) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s && !s.isBlank()) {
            return Boolean.parseBoolean(s.trim());
        }
        return otherwise;
    }
}
