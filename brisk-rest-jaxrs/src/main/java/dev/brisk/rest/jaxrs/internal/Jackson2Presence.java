package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.support.OptionalLibraries;

/**
 * Whether Jackson 2's databind is on the class path, and whether a type or an object is one of its mappers, told by
 * class name: the classes of {@code internal.jackson2} are used only for applications that map JSON with Jackson 2,
 * so nothing of Jackson 2 loads for the others.
 */
public final class Jackson2Presence {

    private static final String OBJECT_MAPPER = "com.fasterxml.jackson.databind.ObjectMapper";

    /** Jackson 2's {@code com.fasterxml.jackson.databind.ObjectMapper} can be loaded. */
    public static final boolean PRESENT = OptionalLibraries.present(OBJECT_MAPPER);

    private Jackson2Presence() {
    }

    /** Whether {@code type} is Jackson 2's {@code ObjectMapper} or a subclass ({@code JsonMapper}...). */
    public static boolean isMapperType(Class<?> type) {
        return OptionalLibraries.isOrExtends(type, OBJECT_MAPPER);
    }
}
