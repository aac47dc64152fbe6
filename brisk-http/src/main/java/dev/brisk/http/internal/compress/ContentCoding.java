package dev.brisk.http.internal.compress;

import dev.brisk.http.CompressionOptions;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.BrotliEncoder;
import io.netty.handler.codec.compression.BrotliMode;
import io.netty.handler.codec.compression.JdkZlibEncoder;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.netty.handler.codec.compression.ZlibWrapper;
import io.netty.handler.codec.compression.Zstd;
import io.netty.handler.codec.compression.ZstdEncoder;
import io.netty.util.AsciiString;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A content coding (RFC 9110, section 8.4.1): its token, whether its library is present, and how to encode and decode
 * it. Encoders are Netty's; decoders are streams read in bounded pieces, so a decoded size limit holds however well
 * the input compresses.
 */
enum ContentCoding {
    BROTLI("br") {
        @Override
        boolean available() {
            return Brotli.isAvailable();
        }

        @Override
        ChannelHandler newEncoder(CompressionOptions options) {
            return new BrotliEncoder(StandardCompressionOptions.brotli(options.brotliQuality(), 22, BrotliMode.TEXT));
        }

        @Override
        InputStream decoder(InputStream in) throws IOException {
            return OptionalDecoders.brotli(in);
        }
    },
    ZSTD("zstd") {
        @Override
        boolean available() {
            return Zstd.isAvailable();
        }

        @Override
        ChannelHandler newEncoder(CompressionOptions options) {
            return new ZstdEncoder(options.zstdLevel());
        }

        @Override
        InputStream decoder(InputStream in) throws IOException {
            return OptionalDecoders.zstd(in);
        }
    },
    GZIP("gzip") {
        @Override
        ChannelHandler newEncoder(CompressionOptions options) {
            return new JdkZlibEncoder(ZlibWrapper.GZIP, options.gzipLevel());
        }

        @Override
        InputStream decoder(InputStream in) throws IOException {
            return new GZIPInputStream(in, 8192);
        }
    },
    /** The zlib format (RFC 1950), as RFC 9110 defines {@code deflate}; raw deflate is accepted on input too. */
    DEFLATE("deflate") {
        @Override
        ChannelHandler newEncoder(CompressionOptions options) {
            return new JdkZlibEncoder(ZlibWrapper.ZLIB, options.gzipLevel());
        }

        @Override
        InputStream decoder(InputStream in) throws IOException {
            if (!in.markSupported()) {
                in = new BufferedInputStream(in);
            }
            in.mark(2);
            int cmf = in.read();
            int flg = in.read();
            in.reset();
            boolean zlib = cmf >= 0 && flg >= 0 && (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
            return new InflaterInputStream(in, new Inflater(!zlib), 8192);
        }
    };

    final String token;
    final AsciiString header;

    ContentCoding(String token) {
        this.token = token;
        this.header = AsciiString.cached(token);
    }

    /** Whether the coding's library is on the class path and loads. */
    boolean available() {
        return true;
    }

    /** A new encoder for one body. */
    abstract ChannelHandler newEncoder(CompressionOptions options);

    /** A stream that decodes {@code in}. */
    abstract InputStream decoder(InputStream in) throws IOException;

    /** The coding named {@code token} (case-insensitive; {@code x-gzip} is gzip), or null. */
    static ContentCoding of(CharSequence token) {
        for (ContentCoding coding : values()) {
            if (AsciiString.contentEqualsIgnoreCase(coding.token, token)) {
                return coding;
            }
        }
        return AsciiString.contentEqualsIgnoreCase("x-gzip", token) ? GZIP : null;
    }
}
