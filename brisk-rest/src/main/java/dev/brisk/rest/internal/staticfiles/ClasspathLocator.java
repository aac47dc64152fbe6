package dev.brisk.rest.internal.staticfiles;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;

/**
 * Resources below a location on a class loader's class path: in a directory they are files (zero-copy, ETag from
 * size and time), inside a jar their bytes are read and tagged by a hash of their content. Resources up to the cache
 * limit are kept in memory after the first read (a jar does not change while it is on the class path); directory
 * entries are never served.
 */
final class ClasspathLocator implements ResourceLocator {

    private final ClassLoader loader;
    private final String base;
    private final int maxCachedSize;
    private final boolean strongEtags;
    private final ConcurrentHashMap<String, StaticResource> cache = new ConcurrentHashMap<>();

    ClasspathLocator(ClassLoader loader, String location, int maxCachedSize, boolean strongEtags) {
        this.loader = loader;
        String trimmed = location.strip();
        while (trimmed.startsWith("/")) {
            trimmed = trimmed.substring(1);
        }
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        this.base = trimmed;
        this.maxCachedSize = maxCachedSize;
        this.strongEtags = strongEtags;
    }

    private String name(List<String> segments) {
        String path = String.join("/", segments);
        return base.isEmpty() ? path : path.isEmpty() ? base : base + "/" + path;
    }

    @Override
    public StaticResource find(List<String> segments) {
        if (segments.isEmpty()) {
            return null;
        }
        String name = name(segments);
        StaticResource cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        URL url = loader.getResource(name);
        if (url == null) {
            return null;
        }
        try {
            StaticResource found = load(url);
            if (found != null && found.bytes() != null && found.size() <= maxCachedSize) {
                cache.put(name, found);
            }
            return found;
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private StaticResource load(URL url) throws IOException, URISyntaxException {
        if (url.getProtocol().equals("file")) {
            Path path = Path.of(url.toURI());
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                return null;
            }
            long size = attributes.size();
            long modified = attributes.lastModifiedTime().toMillis();
            String tag = '"' + Long.toHexString(size) + '-' + Long.toHexString(modified) + '"';
            return new StaticResource(size, modified, strongEtags ? tag : "W/" + tag, path, null);
        }
        URLConnection connection = url.openConnection();
        long modified = -1;
        if (connection instanceof JarURLConnection jar) {
            JarEntry entry = jar.getJarEntry();
            if (entry == null || entry.isDirectory()) {
                return null;
            }
            modified = entry.getTime() > 0 ? entry.getTime() / 1000 * 1000 : -1;
        } else if (url.getPath().endsWith("/")) {
            return null;
        }
        byte[] bytes;
        try (InputStream in = connection.getInputStream()) {
            bytes = in.readAllBytes();
        }
        return new StaticResource(bytes.length, modified, '"' + hash(bytes) + '"', null, bytes);
    }

    private static String hash(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean isDirectory(List<String> segments) {
        if (segments.isEmpty()) {
            return true;
        }
        String name = name(segments);
        URL url = loader.getResource(name);
        if (url == null) {
            return false;
        }
        try {
            if (url.getProtocol().equals("file")) {
                return Files.isDirectory(Path.of(url.toURI()));
            }
            URLConnection connection = url.openConnection();
            if (connection instanceof JarURLConnection jar) {
                JarEntry entry = jar.getJarEntry();
                return entry != null && entry.isDirectory() || loader.getResource(name + "/") != null;
            }
            return loader.getResource(name + "/") != null;
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return false;
        }
    }
}
