package dev.brisk.http.internal.compress;

import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
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
        return new BrotliInputStream(in);
    }

    static InputStream zstd(InputStream in) throws IOException {
        return new ZstdInputStream(in);
    }
}
