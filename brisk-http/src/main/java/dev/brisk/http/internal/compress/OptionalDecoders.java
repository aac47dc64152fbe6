package dev.brisk.http.internal.compress;

import java.io.IOException;
import java.io.InputStream;

/**
 * Decoders from optional libraries, kept apart so that {@link ContentCoding} loads and verifies without them; only
 * called once {@link ContentCoding#available()} said the library is there.
 */
final class OptionalDecoders {

    private OptionalDecoders() {
    }

    static InputStream brotli(InputStream in) throws IOException {
        return new com.aayushatharva.brotli4j.decoder.BrotliInputStream(in);
    }

    static InputStream zstd(InputStream in) throws IOException {
        return new com.github.luben.zstd.ZstdInputStream(in);
    }
}
