package dev.brisk.rpc;

import dev.brisk.transport.spi.Checks;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks of the classes and packages that {@link RpcServerOptions} and {@link RpcClientOptions} allow to be read;
 * every message names the component and the value.
 */
final class AllowListChecks {

    private AllowListChecks() {
    }

    /** An immutable copy of {@code types}, none null nor primitive. */
    static Set<Class<?>> allowTypes(Set<Class<?>> types) {
        Checks.notNull(types, "allowTypes");
        for (Class<?> type : types) {
            if (type == null || type.isPrimitive()) {
                throw new IllegalArgumentException("allowTypes must hold classes, not null or primitives: " + types);
            }
        }
        return Set.copyOf(types);
    }

    /**
     * An immutable copy of {@code packages}, each a dotted package name outside the JDK's ({@code java}, {@code javax},
     * {@code jdk}, {@code sun}, {@code com.sun}: allow JDK classes one by one with allowTypes).
     */
    static Set<String> allowPackages(Set<String> packages) {
        Checks.notNull(packages, "allowPackages");
        for (String name : packages) {
            if (name == null || !PACKAGE.matcher(name).matches()) {
                throw new IllegalArgumentException("allowPackages must hold package names like com.example.model: "
                        + name);
            }
            for (String jdk : JDK_PACKAGES) {
                if (name.equals(jdk) || name.startsWith(jdk + ".")) {
                    throw new IllegalArgumentException("allowPackages must not open the JDK's package " + name
                            + ": allow its classes one by one with allowTypes");
                }
            }
        }
        return Set.copyOf(packages);
    }

    private static final Pattern PACKAGE = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
            + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");
    private static final List<String> JDK_PACKAGES = List.of("java", "javax", "jdk", "sun", "com.sun");
}
