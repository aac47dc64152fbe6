package dev.brisk.rest.support;


/** Which optional libraries are on the class path; checked without loading any of their classes. */
public final class OptionalLibraries {

    /** The Jakarta Bean Validation API. */
    public static final boolean BEAN_VALIDATION = present("jakarta.validation.Validation");

    private OptionalLibraries() {
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, OptionalLibraries.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
