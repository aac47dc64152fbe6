package dev.brisk.spring.boot.internal;

import dev.brisk.http.CompressionOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.web.StaticOptions;
import dev.brisk.spring.boot.BriskStaticProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compression and static resources of a Boot application: {@code brisk.compression.*} (bound onto
 * {@link CompressionOptions.Builder}) over Spring Boot's {@code server.compression.*}, and {@code brisk.static.*} with
 * Boot's {@code spring.web.resources.*} and {@code spring.mvc.static-path-pattern}. A value Brisk cannot honour fails start-up naming the property.
 */
public final class WebFeatureSettings {

    /** Spring Boot's default static locations. */
    public static final List<String> BOOT_LOCATIONS = List.of("classpath:/META-INF/resources/",
            "classpath:/resources/", "classpath:/static/", "classpath:/public/");

    private static final String COMPRESSION = "brisk.compression";

    private static final OptionsBinder COMPRESSION_OPTIONS = OptionsBinder.of(CompressionOptions.Builder.class);

    private WebFeatureSettings() {
    }

    /**
     * The compression options when compression is on ({@code brisk.compression.enabled}, else
     * {@code server.compression.enabled}): Boot's {@code server.compression.min-response-size} and {@code mime-types},
     * then {@code brisk.compression.*} bound onto {@link CompressionOptions.Builder}, so a value set there wins.
     */
    public static Optional<CompressionOptions> compression(Binder binder) {
        boolean enabled = binder.bind(COMPRESSION + ".enabled", Boolean.class)
                .orElseGet(() -> binder.bind("server.compression.enabled", Boolean.class).orElse(Boolean.FALSE));
        if (!enabled) {
            return Optional.empty();
        }
        CompressionOptions.Builder options = CompressionOptions.builder();
        binder.bind("server.compression.min-response-size", DataSize.class).ifBound(size -> {
            if (size.toBytes() < 0 || size.toBytes() > Integer.MAX_VALUE) {
                throw new IllegalStateException("server.compression.min-response-size must be between 0B and "
                        + Integer.MAX_VALUE + "B: " + size);
            }
            options.minResponseSize((int) size.toBytes());
        });
        binder.bind("server.compression.mime-types", String[].class).map(List::of).ifBound(options::mimeTypes);
        return Optional.of(COMPRESSION_OPTIONS.build(binder, COMPRESSION, options, CompressionOptions.Builder::build));
    }

    /** The {@code brisk.compression.*} properties, with the type their metadata gives. */
    public static Map<String, String> compressionProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(COMPRESSION + ".enabled", Boolean.class.getName());
        properties.putAll(COMPRESSION_OPTIONS.properties(COMPRESSION));
        return properties;
    }

    /** Mounts the static locations that exist; does nothing when switched off or when none exists. */
    public static void staticResources(BriskServer.Builder server, Binder binder, BriskStaticProperties brisk,
                                       ClassLoader loader) {
        boolean enabled = brisk.getEnabled() != null ? brisk.getEnabled()
                : binder.bind("spring.web.resources.add-mappings", Boolean.class).orElse(Boolean.TRUE);
        if (!enabled) {
            return;
        }
        List<String> locations = brisk.getLocations() != null ? brisk.getLocations()
                : binder.bind("spring.web.resources.static-locations", String[].class).map(List::of)
                .orElse(BOOT_LOCATIONS);
        List<String> classpath = new ArrayList<>();
        List<Path> directories = new ArrayList<>();
        for (String location : locations) {
            String trimmed = location.strip();
            if (trimmed.startsWith("classpath:")) {
                String name = trim(trimmed.substring("classpath:".length()));
                if (name.isEmpty() || loader.getResource(name + "/") != null || loader.getResource(name) != null) {
                    classpath.add(name);
                }
            } else if (trimmed.startsWith("file:")) {
                Path directory = Path.of(trimmed.substring("file:".length()));
                if (Files.isDirectory(directory)) {
                    directories.add(directory);
                }
            } else {
                throw new IllegalStateException("spring.web.resources.static-locations: only classpath: and file: "
                        + "locations are supported: " + location);
            }
        }
        if (classpath.isEmpty() && directories.isEmpty()) {
            return;
        }
        if (!classpath.isEmpty() && !directories.isEmpty() || directories.size() > 1) {
            throw new IllegalStateException("spring.web.resources.static-locations: Brisk serves either class path "
                    + "locations or one file: directory under a path pattern: " + locations);
        }
        String mount = mount(binder.bind("spring.mvc.static-path-pattern", String.class).orElse("/**"));
        StaticOptions options = options(binder, brisk);
        if (directories.isEmpty()) {
            server.web(w -> w.classpathResources(mount, loader, classpath, options));
        } else {
            server.web(w -> w.staticFiles(mount, directories.get(0), options));
        }
    }

    private static StaticOptions options(Binder binder, BriskStaticProperties brisk) {
        StaticOptions.Builder options = StaticOptions.builder();
        if (brisk.getCacheControl() != null) {
            options.cacheControl(brisk.getCacheControl().isBlank() ? null : brisk.getCacheControl());
        } else {
            // seconds unless a unit is given, as Spring Boot reads it
            binder.bind("spring.web.resources.cache.cachecontrol.max-age", String.class)
                    .map(value -> DurationStyle.detectAndParse(value, ChronoUnit.SECONDS))
                    .ifBound(age -> options.cacheControl("max-age=" + age.toSeconds()));
        }
        if (brisk.getIndexFile() != null) {
            options.indexFile(brisk.getIndexFile().isBlank() ? null : brisk.getIndexFile());
        }
        if (brisk.getPrecompressed() != null) {
            options.precompressed(brisk.getPrecompressed());
        }
        if (brisk.getFollowSymlinks() != null) {
            options.followSymlinks(brisk.getFollowSymlinks());
        }
        if (brisk.getMaxCachedSize() != null) {
            options.maxCachedSize((int) Math.min(Integer.MAX_VALUE, brisk.getMaxCachedSize().toBytes()));
        }
        try {
            return options.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("brisk.static: " + e.getMessage(), e);
        }
    }

    /** {@code /**} is {@code /}, {@code /assets/**} is {@code /assets}. */
    private static String mount(String pattern) {
        String mount = pattern.strip();
        if (mount.endsWith("/**")) {
            mount = mount.substring(0, mount.length() - 3);
        } else if (mount.endsWith("/*")) {
            mount = mount.substring(0, mount.length() - 2);
        }
        if (mount.contains("*") || mount.contains("{")) {
            throw new IllegalStateException("spring.mvc.static-path-pattern must be a path followed by /**: " + pattern);
        }
        return mount.isEmpty() ? "/" : mount.startsWith("/") ? mount : "/" + mount;
    }

    private static String trim(String name) {
        String trimmed = name;
        while (trimmed.startsWith("/")) {
            trimmed = trimmed.substring(1);
        }
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed;
    }
}
