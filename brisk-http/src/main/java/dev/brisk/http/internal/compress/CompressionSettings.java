package dev.brisk.http.internal.compress;

import dev.brisk.http.CompressionOptions;

import java.util.List;

/**
 * The compression options resolved at start-up: the codings offered (those whose library is present, in preference
 * order) and the content type matcher.
 */
record CompressionSettings(CompressionOptions options, List<ContentCoding> offered, List<String> tokens,
                           CompressibleTypes types) {

    static CompressionSettings of(CompressionOptions options) {
        List<ContentCoding> offered = options.encodings().stream().map(ContentCoding::of)
                .filter(ContentCoding::available).toList();
        return new CompressionSettings(options, offered, offered.stream().map(c -> c.token).toList(),
                new CompressibleTypes(options.mimeTypes()));
    }
}
