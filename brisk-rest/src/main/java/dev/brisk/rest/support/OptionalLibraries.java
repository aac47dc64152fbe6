package dev.brisk.rest.support;

/** Which optional libraries are on the class path; checked without loading any of their classes. */
public final class OptionalLibraries {

    /** The Jakarta Bean Validation API. */
    public static final boolean BEAN_VALIDATION = present("jakarta.validation.Validation");

    private OptionalLibraries() {
    }

    /** Whether the class named {@code className} can be loaded (it is not loaded, nor initialised). */
    public static boolean present(String className) {
        try {
            Class.forName(className, false, OptionalLibraries.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether {@code type} is the class named {@code className} or extends it, told by name: loads nothing. */
    public static boolean isOrExtends(Class<?> type, String className) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(className)) {
                return true;
            }
        }
        return false;
    }
}
