package dev.brisk.spring.boot.internal;

import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.spring.boot.BriskProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.util.unit.DataSize;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The multipart options of a Boot application: Spring Boot's {@code spring.servlet.multipart.*} (what a servlet
 * container reads) mapped onto {@link MultipartOptions}, plus {@code brisk.multipart.*}. Unset values keep Brisk's
 * defaults; a value Brisk cannot honour fails start-up with a message naming the property.
 */
public final class MultipartSettings {

    /** Spring Boot's prefix, read from the environment without spring-boot-servlet's {@code MultipartProperties}. */
    public static final String PREFIX = "spring.servlet.multipart.";

    /**
     * What a negative size ({@code -1}, Spring's "unlimited") becomes: 2^62 bytes, no limit in practice.
     */
    public static final long UNLIMITED = Long.MAX_VALUE / 2;

    private MultipartSettings() {
    }

    /** {@code spring.servlet.multipart.enabled}, true unless set otherwise. */
    public static boolean enabled(Binder binder) {
        return binder.bind(PREFIX + "enabled", Boolean.class).orElse(Boolean.TRUE);
    }

    /** The options from {@code spring.servlet.multipart.*} and {@code brisk.multipart.*}. */
    public static MultipartOptions options(Binder binder, BriskProperties.Multipart brisk) {
        MultipartOptions.Builder options = MultipartOptions.builder();
        binder.bind(PREFIX + "max-file-size", DataSize.class)
                .ifBound(size -> options.maxPartSize(limit("max-file-size", size)));
        binder.bind(PREFIX + "max-request-size", DataSize.class)
                .ifBound(size -> options.maxRequestSize(limit("max-request-size", size)));
        binder.bind(PREFIX + "file-size-threshold", DataSize.class)
                .ifBound(size -> options.fileSizeThreshold(threshold(size)));
        binder.bind(PREFIX + "location", String.class)
                .ifBound(location -> options.tempDirectory(directory(location)));
        if (brisk.getMaxParts() != null) {
            if (brisk.getMaxParts() <= 0) {
                throw new IllegalStateException("brisk.multipart.max-parts must be positive: " + brisk.getMaxParts());
            }
            options.maxParts(brisk.getMaxParts());
        }
        if (brisk.getMaxPartHeaderSize() != null) {
            long bytes = brisk.getMaxPartHeaderSize().toBytes();
            if (bytes <= 0 || bytes > Integer.MAX_VALUE) {
                throw new IllegalStateException("brisk.multipart.max-part-header-size must be between 1B and "
                        + Integer.MAX_VALUE + "B: " + brisk.getMaxPartHeaderSize());
            }
            options.maxPartHeaderSize((int) bytes);
        }
        return options.build();
    }

    /** A size limit: negative is Spring's "unlimited", zero is refused (Brisk has no "accept nothing"). */
    private static long limit(String name, DataSize size) {
        long bytes = size.toBytes();
        if (bytes < 0) {
            return UNLIMITED;
        }
        if (bytes == 0) {
            throw new IllegalStateException(PREFIX + name + " must be positive, or -1 for no limit: " + size);
        }
        return Math.min(bytes, UNLIMITED);
    }

    private static long threshold(DataSize size) {
        if (size.isNegative()) {
            throw new IllegalStateException(PREFIX + "file-size-threshold must be 0 or more: " + size);
        }
        return size.toBytes();
    }

    /** An existing directory; relative to the working directory. Blank keeps the default ({@code java.io.tmpdir}). */
    private static Path directory(String location) {
        if (location.isBlank()) {
            return MultipartOptions.DEFAULT.tempDirectory();
        }
        Path directory = Path.of(location).toAbsolutePath();
        if (!Files.isDirectory(directory)) {
            throw new IllegalStateException(PREFIX + "location is not a directory: " + location
                    + " (resolved to " + directory + "): create it, or remove the property to use java.io.tmpdir");
        }
        return directory;
    }
}
