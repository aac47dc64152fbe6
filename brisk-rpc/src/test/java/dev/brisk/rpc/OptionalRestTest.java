package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * brisk-rest is an optional dependency: the public RPC types name none of its types in their signatures, so reflection
 * over them ({@code getMethods()}, as Spring, Mockito and IDEs do) works without it. Only {@code dev.brisk.rpc.http},
 * loaded by applications that hand over a brisk-rest builder, may name them.
 */
class OptionalRestTest {

    private static final String REST = "dev.brisk.rest.";
    private static final List<String> PUBLIC_PACKAGES = List.of("dev.brisk.rpc", "dev.brisk.rpc.spi");

    @Test
    void publicSignaturesNameNoRestType() throws Exception {
        Set<String> found = new TreeSet<>();
        for (Class<?> type : publicTypes()) {
            for (Constructor<?> constructor : type.getConstructors()) {
                for (Type parameter : constructor.getGenericParameterTypes()) {
                    collect(parameter, constructor.toString(), found, new ArrayList<>());
                }
            }
            for (Method method : type.getMethods()) {
                List<Type> types = new ArrayList<>(List.of(method.getGenericParameterTypes()));
                types.add(method.getGenericReturnType());
                types.addAll(List.of(method.getGenericExceptionTypes()));
                for (Type signature : types) {
                    collect(signature, method.toString(), found, new ArrayList<>());
                }
            }
            for (Field field : type.getFields()) {
                collect(field.getGenericType(), field.toString(), found, new ArrayList<>());
            }
            List<Type> supertypes = new ArrayList<>(List.of(type.getGenericInterfaces()));
            if (type.getGenericSuperclass() != null) {
                supertypes.add(type.getGenericSuperclass());
            }
            for (Type supertype : supertypes) {
                collect(supertype, type.getName(), found, new ArrayList<>());
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void buildersReflectWithoutRestOnTheClassPath() throws Exception {
        URL classes = RpcServer.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader withoutRest = new URLClassLoader(new URL[] {classes}, new HidingRpcAndRest())) {
            for (String name : List.of(RpcServer.Builder.class.getName(), RpcClient.Builder.class.getName(),
                    RpcServerOptions.Builder.class.getName(), RpcClientOptions.Builder.class.getName())) {
                Class<?> type = Class.forName(name, false, withoutRest);
                assertThat(type.getClassLoader()).isSameAs(withoutRest);
                assertThat(type.getMethods()).isNotEmpty();
            }
            Class<?> rest = null;
            try {
                rest = Class.forName(REST + "BriskServer", false, withoutRest);
            } catch (ClassNotFoundException expected) {
                // what an application without brisk-rest sees
            }
            assertThat(rest).isNull();
        }
    }

    /** Loads what the test class path holds except brisk-rpc's classes (left to the child) and brisk-rest's. */
    private static final class HidingRpcAndRest extends ClassLoader {

        HidingRpcAndRest() {
            super(OptionalRestTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("dev.brisk.rpc.") || name.startsWith(REST)) {
                throw new ClassNotFoundException(name);
            }
            return super.loadClass(name, resolve);
        }
    }

    private static List<Class<?>> publicTypes() throws IOException, ClassNotFoundException {
        Path root;
        try {
            root = Path.of(RpcServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        assertThat(root).isDirectory();
        List<Class<?>> types = new ArrayList<>();
        for (String pkg : PUBLIC_PACKAGES) {
            try (Stream<Path> files = Files.list(root.resolve(pkg.replace('.', '/')))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    String simple = file.getFileName().toString().replace(".class", "");
                    Class<?> type = Class.forName(pkg + "." + simple, false, RpcServer.class.getClassLoader());
                    if (isPublic(type)) {
                        types.add(type);
                    }
                }
            }
        }
        assertThat(types).contains(RpcServer.Builder.class, RpcClient.Builder.class, RpcServerOptions.class);
        return types;
    }

    private static boolean isPublic(Class<?> type) {
        for (Class<?> at = type; at != null; at = at.getEnclosingClass()) {
            if (!Modifier.isPublic(at.getModifiers()) || at.isAnonymousClass() || at.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static void collect(Type type, String where, Set<String> found, List<Type> seen) {
        if (type == null || seen.contains(type)) {
            return;
        }
        seen.add(type);
        if (type instanceof Class<?> cls) {
            if (cls.isArray()) {
                collect(cls.getComponentType(), where, found, seen);
            } else if (cls.getName().startsWith(REST)) {
                found.add(where + " names " + cls.getName());
            }
        } else if (type instanceof ParameterizedType parameterized) {
            collect(parameterized.getRawType(), where, found, seen);
            for (Type argument : parameterized.getActualTypeArguments()) {
                collect(argument, where, found, seen);
            }
        } else if (type instanceof WildcardType wildcard) {
            for (Type bound : wildcard.getUpperBounds()) {
                collect(bound, where, found, seen);
            }
            for (Type bound : wildcard.getLowerBounds()) {
                collect(bound, where, found, seen);
            }
        } else if (type instanceof GenericArrayType array) {
            collect(array.getGenericComponentType(), where, found, seen);
        } else if (type instanceof TypeVariable<?> variable) {
            for (Type bound : variable.getBounds()) {
                collect(bound, where, found, seen);
            }
        }
    }
}
