package dev.brisk.http.internal.compress;

import dev.brisk.http.CompressionOptions;

/**
 * The compression options resolved at start-up: the codings offered (those whose library is present, in preference
 * order) and the content type matcher.
 */
record CompressionSettings(CompressionOptions options, ContentCoding[] offered, CompressibleTypes types) {

    static CompressionSettings of(CompressionOptions options) {
        ContentCoding[] offered = options.encodings().stream().map(ContentCoding::of)
                .filter(ContentCoding::available).toArray(ContentCoding[]::new);
        return new CompressionSettings(options, offered, new CompressibleTypes(options.mimeTypes()));
    }
}
