package dev.brisk.http;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Response compression and request decompression. Off unless given to
 * {@link HttpServer.Builder#compression(CompressionOptions)}; a server without it does no work for either.
 *
 * <pre>{@code HttpServer.builder().compression(CompressionOptions.DEFAULT)}</pre>
 *
 * <p>A response is compressed when the client accepts one of {@link #encodings()} (by {@code Accept-Encoding}
 * q-values), its content type matches {@link #mimeTypes()}, its body is at least {@link #minResponseSize()} bytes (a
 * streamed body of unknown length always qualifies), and it is not already encoded, a range, a HEAD answer, 204 or
 * 304, or marked {@code Cache-Control: no-transform}. Codings whose library is missing (brotli4j for {@code br},
 * zstd-jni for {@code zstd}) are left out at start-up.
 *
 * @param minResponseSize    smallest body, in bytes, worth compressing
 * @param mimeTypes          compressible content types: {@code type/subtype}, {@code type/*}, or {@code *+suffix}
 * @param encodings          content codings offered, in the server's order of preference: {@code br}, {@code zstd},
 *                           {@code gzip}, {@code deflate}
 * @param gzipLevel          deflate level of {@code gzip} and {@code deflate}, 1 (fastest) to 9 (smallest)
 * @param brotliQuality      brotli quality, 0 to 11
 * @param zstdLevel          zstd level, 1 to 22
 * @param decompressRequests whether request bodies sent with {@code Content-Encoding} gzip, deflate, br or zstd are
 *                           decoded before the handler sees them (the body limit then applies to the decoded size)
 */
public record CompressionOptions(int minResponseSize, List<String> mimeTypes, List<String> encodings, int gzipLevel,
                                 int brotliQuality, int zstdLevel, boolean decompressRequests) {

    /** The content codings Brisk implements. */
    public static final List<String> SUPPORTED_ENCODINGS = List.of("br", "zstd", "gzip", "deflate");

    /** Text, JSON, XML, JavaScript, CSS, SVG and similar types. */
    public static final List<String> DEFAULT_MIME_TYPES = List.of("text/*", "application/json", "*+json",
            "application/xml", "*+xml", "application/javascript", "application/x-javascript",
            "application/ecmascript", "application/wasm", "application/x-ndjson", "application/graphql-response+json",
            "image/svg+xml", "image/x-icon", "image/bmp", "font/ttf", "font/otf", "application/vnd.ms-fontobject");

    /** 1 KiB threshold, {@link #DEFAULT_MIME_TYPES}, br > zstd > gzip > deflate, gzip 6, brotli 4, zstd 3. */
    public static final CompressionOptions DEFAULT = new CompressionOptions(1024, DEFAULT_MIME_TYPES,
            SUPPORTED_ENCODINGS, 6, 4, 3, true);

    /** Validates every component; a message names the component and the offending value. */
    public CompressionOptions {
        if (minResponseSize < 0) {
            throw new IllegalArgumentException("minResponseSize must not be negative: " + minResponseSize);
        }
        mimeTypes = List.copyOf(Objects.requireNonNull(mimeTypes, "mimeTypes must not be null"));
        for (String type : mimeTypes) {
            if (type.isBlank() || type.indexOf('/') < 0 && !type.startsWith("*+")) {
                throw new IllegalArgumentException("mimeTypes must hold type/subtype, type/* or *+suffix: " + type);
            }
        }
        encodings = List.copyOf(Objects.requireNonNull(encodings, "encodings must not be null")).stream()
                .map(e -> e.strip().toLowerCase(Locale.ROOT)).toList();
        for (String encoding : encodings) {
            if (!SUPPORTED_ENCODINGS.contains(encoding)) {
                throw new IllegalArgumentException("encodings must be among " + SUPPORTED_ENCODINGS + ": " + encoding);
            }
        }
        range(gzipLevel, 1, 9, "gzipLevel");
        range(brotliQuality, 0, 11, "brotliQuality");
        range(zstdLevel, 1, 22, "zstdLevel");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void range(int value, int min, int max, String name) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be within [" + min + ", " + max + "]: " + value);
        }
    }

    /** Builds {@link CompressionOptions}; {@link #build()} validates. */
    public static final class Builder {
        private int minResponseSize;
        private List<String> mimeTypes;
        private List<String> encodings;
        private int gzipLevel;
        private int brotliQuality;
        private int zstdLevel;
        private boolean decompressRequests;

        private Builder(CompressionOptions options) {
            minResponseSize = options.minResponseSize;
            mimeTypes = options.mimeTypes;
            encodings = options.encodings;
            gzipLevel = options.gzipLevel;
            brotliQuality = options.brotliQuality;
            zstdLevel = options.zstdLevel;
            decompressRequests = options.decompressRequests;
        }

        /** Smallest body worth compressing; default 1024 bytes. */
        public Builder minResponseSize(int minResponseSize) {
            this.minResponseSize = minResponseSize;
            return this;
        }

        /** Compressible content types; default {@link #DEFAULT_MIME_TYPES}. */
        public Builder mimeTypes(List<String> mimeTypes) {
            this.mimeTypes = mimeTypes;
            return this;
        }

        /** Compressible content types; default {@link #DEFAULT_MIME_TYPES}. */
        public Builder mimeTypes(String... mimeTypes) {
            return mimeTypes(List.of(mimeTypes));
        }

        /** Content codings offered in order of preference; default br, zstd, gzip, deflate. */
        public Builder encodings(List<String> encodings) {
            this.encodings = encodings;
            return this;
        }

        /** Content codings offered in order of preference; default br, zstd, gzip, deflate. */
        public Builder encodings(String... encodings) {
            return encodings(List.of(encodings));
        }

        /** Deflate level of gzip and deflate; default 6. */
        public Builder gzipLevel(int gzipLevel) {
            this.gzipLevel = gzipLevel;
            return this;
        }

        /** Brotli quality; default 4 (fast, still smaller than gzip 6 on text). */
        public Builder brotliQuality(int brotliQuality) {
            this.brotliQuality = brotliQuality;
            return this;
        }

        /** Zstd level; default 3. */
        public Builder zstdLevel(int zstdLevel) {
            this.zstdLevel = zstdLevel;
            return this;
        }

        /** Whether encoded request bodies are decoded; default true. */
        public Builder decompressRequests(boolean decompressRequests) {
            this.decompressRequests = decompressRequests;
            return this;
        }

        /** Validates and builds. */
        public CompressionOptions build() {
            return new CompressionOptions(minResponseSize, mimeTypes, encodings, gzipLevel, brotliQuality, zstdLevel,
                    decompressRequests);
        }
    }
}
