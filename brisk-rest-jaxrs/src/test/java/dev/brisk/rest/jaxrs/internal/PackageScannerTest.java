package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.jersey.scanned.ScannedHeaderFilter;
import dev.brisk.rest.jaxrs.jersey.scanned.StatusResource;
import dev.brisk.rest.jaxrs.jersey.scanned.deeper.DeeperResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PackageScanner} over the two places classes live: a directory (the test classes) and a jar, recursively or
 * not; only concrete {@code @Path} and {@code @Provider} classes are found.
 */
class PackageScannerTest {

    private static final String PACKAGE = "dev.brisk.rest.jaxrs.jersey.scanned";

    @TempDir
    Path temp;

    @Test
    void aDirectoryIsScannedWithItsSubDirectoriesWhenRecursive() {
        PackageScanner scanner = new PackageScanner(getClass().getClassLoader());

        assertThat(scanner.scan(true, PACKAGE)).containsExactlyInAnyOrder(StatusResource.class,
                StatusResource.Nested.class, ScannedHeaderFilter.class, DeeperResource.class);
        assertThat(scanner.scan(false, PACKAGE)).containsExactlyInAnyOrder(StatusResource.class,
                StatusResource.Nested.class, ScannedHeaderFilter.class);
    }

    @Test
    void aJarIsScannedByItsEntries() throws IOException {
        Path jar = jarOfPackage();
        try (URLClassLoader jarOnly = new JarOnlyLoader(jar.toUri().toURL(), getClass().getClassLoader())) {
            PackageScanner scanner = new PackageScanner(jarOnly);

            assertThat(scanner.scan(true, PACKAGE)).containsExactlyInAnyOrder(StatusResource.class,
                    StatusResource.Nested.class, ScannedHeaderFilter.class, DeeperResource.class);
            assertThat(scanner.scan(false, PACKAGE)).containsExactlyInAnyOrder(StatusResource.class,
                    StatusResource.Nested.class, ScannedHeaderFilter.class);
        }
    }

    /** The compiled classes of the scanned package (and its sub-package) in a jar, with directory entries. */
    private Path jarOfPackage() throws IOException {
        Path classes = Path.of(StatusResource.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path root = classes.resolve(PACKAGE.replace('.', '/'));
        Path jar = temp.resolve("scanned.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = classes.relativize(file).toString().replace('\\', '/');
                boolean directory = Files.isDirectory(file);
                out.putNextEntry(new JarEntry(directory ? name + "/" : name));
                if (!directory) {
                    Files.copy(file, out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Finds resources in its jar only; loads classes from its parent (so they are the test's own classes). */
    private static final class JarOnlyLoader extends URLClassLoader {
        JarOnlyLoader(URL jar, ClassLoader parent) {
            super(new URL[] {jar}, parent);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return findResources(name);
        }
    }
}
