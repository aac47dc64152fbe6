package dev.brisk.rest.web;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How static files and classpath resources are served ({@link WebConfig#staticFiles} and
 * {@link WebConfig#classpathResources}).
 *
 * <pre>{@code
 * Brisk.server().web(w -> w.staticFiles("/assets", Path.of("web"),
 *         StaticOptions.builder().cacheControl("max-age=3600").build()))
 * }</pre>
 *
 * @param cacheControl     {@code Cache-Control} of every file, if any
 * @param immutableNames   file names (the last path segment) that carry a content hash, e.g. {@code app.3f9a1c2b.js}:
 *                         they get {@code Cache-Control: public, max-age=31536000, immutable} instead; empty for none
 * @param indexFile        file served for a directory (e.g. {@code index.html}), if any; directories are never listed
 * @param precompressed    whether a {@code name.br}, {@code name.zst} or {@code name.gz} beside a file is served in its
 *                         place to clients that accept that coding
 * @param followSymlinks   whether symbolic links may lead outside the directory (files only; inside is always fine)
 * @param strongEtags      whether file ETags are strong (from size and modification time; needed for
 *                         {@code If-Range} by ETag) or weak
 * @param mediaTypes       content types by file extension (without dot, lower case), over the built-in table
 * @param maxCachedSize    classpath resources up to this size in bytes are kept in memory after their first read;
 *                         larger ones are read again for each request
 */
public record StaticOptions(Optional<String> cacheControl, Optional<Pattern> immutableNames, Optional<String> indexFile,
                            boolean precompressed, boolean followSymlinks, boolean strongEtags,
                            Map<String, String> mediaTypes, int maxCachedSize) {

    /** Names with a hash of 8 or more hex digits before the extension: {@code app.3f9a1c2b.js}, {@code x-0a1b2c3d4e.css}. */
    public static final Pattern HASHED_NAMES = Pattern.compile(".+[.-][0-9a-fA-F]{8,}\\.[A-Za-z0-9]+");

    /**
     * No Cache-Control (clients revalidate with the ETag), hashed names immutable, {@code index.html}, precompressed
     * variants, no symlinks out, strong ETags, 1 MiB classpath cache entries.
     */
    public static final StaticOptions DEFAULT = new StaticOptions(Optional.empty(), Optional.of(HASHED_NAMES),
            Optional.of("index.html"), true, false, true, Map.of(), 1024 * 1024);

    /** Validates every component; a message names the component and the offending value. */
    public StaticOptions {
        Objects.requireNonNull(cacheControl, "cacheControl must not be null");
        Objects.requireNonNull(immutableNames, "immutableNames must not be null");
        Objects.requireNonNull(indexFile, "indexFile must not be null");
        indexFile.ifPresent(name -> {
            if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
                throw new IllegalArgumentException("indexFile must be a plain file name: " + name);
            }
        });
        mediaTypes = Map.copyOf(Objects.requireNonNull(mediaTypes, "mediaTypes must not be null"));
        if (maxCachedSize < 0) {
            throw new IllegalArgumentException("maxCachedSize must not be negative: " + maxCachedSize);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link StaticOptions}; {@link #build()} validates. */
    public static final class Builder {
        private Optional<String> cacheControl;
        private Optional<Pattern> immutableNames;
        private Optional<String> indexFile;
        private boolean precompressed;
        private boolean followSymlinks;
        private boolean strongEtags;
        private Map<String, String> mediaTypes;
        private int maxCachedSize;

        private Builder(StaticOptions options) {
            cacheControl = options.cacheControl;
            immutableNames = options.immutableNames;
            indexFile = options.indexFile;
            precompressed = options.precompressed;
            followSymlinks = options.followSymlinks;
            strongEtags = options.strongEtags;
            mediaTypes = options.mediaTypes;
            maxCachedSize = options.maxCachedSize;
        }

        /** {@code Cache-Control} of every file, e.g. {@code max-age=3600} or {@code no-cache}; default none. */
        public Builder cacheControl(String cacheControl) {
            this.cacheControl = Optional.ofNullable(cacheControl);
            return this;
        }

        /** Names served as immutable; default {@link #HASHED_NAMES}, {@code null} for none. */
        public Builder immutableNames(Pattern immutableNames) {
            this.immutableNames = Optional.ofNullable(immutableNames);
            return this;
        }

        /** File served for a directory; default {@code index.html}, {@code null} for none. */
        public Builder indexFile(String indexFile) {
            this.indexFile = Optional.ofNullable(indexFile);
            return this;
        }

        /** Whether precompressed variants are served; default true. */
        public Builder precompressed(boolean precompressed) {
            this.precompressed = precompressed;
            return this;
        }

        /** Whether symbolic links may lead outside the directory; default false. */
        public Builder followSymlinks(boolean followSymlinks) {
            this.followSymlinks = followSymlinks;
            return this;
        }

        /** Whether file ETags are strong; default true. */
        public Builder strongEtags(boolean strongEtags) {
            this.strongEtags = strongEtags;
            return this;
        }

        /** Content types by extension, over the built-in table; default none. */
        public Builder mediaTypes(Map<String, String> mediaTypes) {
            this.mediaTypes = mediaTypes;
            return this;
        }

        /** Largest classpath resource kept in memory; default 1 MiB. */
        public Builder maxCachedSize(int maxCachedSize) {
            this.maxCachedSize = maxCachedSize;
            return this;
        }

        /** Validates and builds. */
        public StaticOptions build() {
            return new StaticOptions(cacheControl, immutableNames, indexFile, precompressed, followSymlinks,
                    strongEtags, mediaTypes, maxCachedSize);
        }
    }
}
