package dev.brisk.rest.internal.staticfiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Resources in a directory. A path is resolved segment by segment below the root and must stay below it after
 * normalisation; unless symbolic links may lead out, the file's real path must also lie below the root's real path.
 */
final class FileLocator implements ResourceLocator {

    private final Path root;
    private final Path realRoot;
    private final boolean followSymlinks;
    private final boolean strongEtags;

    FileLocator(Path directory, boolean followSymlinks, boolean strongEtags) {
        this.root = directory.toAbsolutePath().normalize();
        try {
            this.realRoot = root.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("static files directory " + directory + " is not readable", e);
        }
        if (!Files.isDirectory(realRoot)) {
            throw new IllegalArgumentException("static files directory is not a directory: " + directory);
        }
        this.followSymlinks = followSymlinks;
        this.strongEtags = strongEtags;
    }

    @Override
    public StaticResource find(List<String> segments) {
        Path path = resolve(segments);
        if (path == null) {
            return null;
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            return null;
        }
        if (!attributes.isRegularFile() || !Files.isReadable(path)) {
            return null;
        }
        long size = attributes.size();
        long modified = attributes.lastModifiedTime().toMillis();
        String tag = '"' + Long.toHexString(size) + '-' + Long.toHexString(modified) + '"';
        return new StaticResource(size, modified, strongEtags ? tag : "W/" + tag, path, null);
    }

    @Override
    public boolean isDirectory(List<String> segments) {
        Path path = resolve(segments);
        return path != null && Files.isDirectory(path);
    }

    private Path resolve(List<String> segments) {
        Path path = root;
        for (String segment : segments) {
            path = path.resolve(segment);
        }
        path = path.normalize();
        if (!path.startsWith(root)) {
            return null;
        }
        if (!followSymlinks && !segments.isEmpty()) {
            try {
                if (!path.toRealPath().startsWith(realRoot)) {
                    return null;
                }
            } catch (IOException e) {
                return null;
            }
        }
        return path;
    }
}
