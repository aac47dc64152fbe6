package dev.brisk.rpc;

import dev.brisk.transport.spi.Checks;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The classes and packages whose values may be read besides those derived from the service interfaces: what a field
 * declared as an interface, an abstract class or {@code Object} may hold. One option of both {@link RpcServerOptions}
 * and {@link RpcClientOptions}, whose builders add to it with {@code allowTypes(..)} and {@code allowPackages(..)};
 * empty by default. Immutable and checked when built; every message names the setter and the value. See docs/rpc.md,
 * "Serializers and trust".
 *
 * @param types    classes whose values may be read, their own fields followed; none null nor primitive
 * @param packages packages (with their subpackages) whose classes may all be read, dotted names outside the JDK's
 *                 ({@code java}, {@code javax}, {@code jdk}, {@code sun}, {@code com.sun}: allow JDK classes one by
 *                 one with {@code types})
 */
public record AllowList(Set<Class<?>> types, Set<String> packages) {

    private static final Pattern PACKAGE = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
            + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");
    private static final List<String> JDK_PACKAGES = List.of("java", "javax", "jdk", "sun", "com.sun");

    /** Checks both components and keeps immutable copies. */
    public AllowList {
        Checks.notNull(types, "allowTypes");
        for (Class<?> type : types) {
            if (type == null || type.isPrimitive()) {
                throw new IllegalArgumentException("allowTypes must hold classes, not null or primitives: " + types);
            }
        }
        types = Set.copyOf(types);
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
        packages = Set.copyOf(packages);
    }

    /** A builder of an empty list. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this list. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds an {@link AllowList}: classes and packages are added in any order; {@link #build()} checks them. */
    public static final class Builder {

        private final Set<Class<?>> types = new LinkedHashSet<>();
        private final Set<String> packages = new LinkedHashSet<>();

        private Builder() {
        }

        private Builder(AllowList list) {
            types.addAll(list.types);
            packages.addAll(list.packages);
        }

        /** Adds classes whose values may be read; their own fields are followed. */
        public Builder types(Class<?>... types) {
            this.types.addAll(Arrays.asList(types));
            return this;
        }

        /** Adds packages (with their subpackages) whose classes may all be read; the JDK's are refused. */
        public Builder packages(String... packages) {
            this.packages.addAll(Arrays.asList(packages));
            return this;
        }

        /** The list; fails with a message naming the first invalid class or package. */
        public AllowList build() {
            return new AllowList(types, packages);
        }
    }
}
