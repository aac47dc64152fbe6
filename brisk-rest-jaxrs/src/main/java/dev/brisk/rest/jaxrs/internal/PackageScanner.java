package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.ext.Provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the resource ({@code @Path}) and provider ({@code @Provider}) classes of packages on the class path, in
 * directories and jars, as Jersey's {@code packages(...)} does: concrete classes annotated themselves, nested ones
 * included, loaded without being initialized.
 */
public final class PackageScanner {

    private final ClassLoader loader;

    public PackageScanner(ClassLoader loader) {
        this.loader = loader;
    }

    /** The annotated classes of {@code packages} (and their sub-packages when {@code recursive}), by name. */
    public Set<Class<?>> scan(boolean recursive, String... packages) {
        Set<String> names = new TreeSet<>();
        for (String name : packages) {
            String pkg = name.trim();
            if (pkg.isEmpty()) {
                continue;
            }
            String directory = pkg.replace('.', '/');
            try {
                Enumeration<URL> roots = loader.getResources(directory);
                if (!roots.hasMoreElements()) {
                    throw new IllegalArgumentException("package " + pkg + " is not on the class path: nothing to "
                            + "scan");
                }
                while (roots.hasMoreElements()) {
                    collect(roots.nextElement(), directory, recursive, names);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot scan package " + pkg, e);
            }
        }
        Set<Class<?>> found = new LinkedHashSet<>();
        for (String className : names) {
            Class<?> type = load(className);
            if (type != null && annotated(type)) {
                found.add(type);
            }
        }
        return found;
    }

    private static void collect(URL root, String directory, boolean recursive, Set<String> names)
            throws IOException {
        switch (root.getProtocol()) {
            case "file" -> {
                java.nio.file.Path base;
                try {
                    base = Paths.get(root.toURI());
                } catch (URISyntaxException e) {
                    throw new IOException("cannot read " + root, e);
                }
                try (Stream<java.nio.file.Path> files = recursive ? Files.walk(base) : Files.list(base)) {
                    files.filter(Files::isRegularFile).forEach(file -> {
                        String relative = base.relativize(file).toString().replace(file.getFileSystem()
                                .getSeparator(), "/");
                        add(directory + "/" + relative, names);
                    });
                }
            }
            case "jar" -> {
                JarURLConnection connection = (JarURLConnection) root.openConnection();
                connection.setUseCaches(false);
                try (JarFile jar = connection.getJarFile()) {
                    String prefix = directory + "/";
                    for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                        String entry = entries.nextElement().getName();
                        if (entry.startsWith(prefix) && (recursive || entry.indexOf('/', prefix.length()) < 0)) {
                            add(entry, names);
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException("cannot scan " + root + ": only directories and jars "
                    + "are scanned; list the classes instead");
        }
    }

    private static void add(String resource, Set<String> names) {
        if (resource.endsWith(".class") && !resource.endsWith("module-info.class")
                && !resource.endsWith("package-info.class")) {
            names.add(resource.substring(0, resource.length() - ".class".length()).replace('/', '.'));
        }
    }

    private Class<?> load(String className) {
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null; // a class whose dependencies are absent cannot be a resource of this application
        }
    }

    private static boolean annotated(Class<?> type) {
        int modifiers = type.getModifiers();
        if (type.isInterface() || type.isAnnotation() || Modifier.isAbstract(modifiers) || type.isAnonymousClass()
                || type.isLocalClass() || (type.isMemberClass() && !Modifier.isStatic(modifiers))) {
            return false;
        }
        return type.isAnnotationPresent(Path.class) || type.isAnnotationPresent(Provider.class);
    }
}
