package dev.brisk.rest.multipart;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;

import java.nio.file.Path;

/**
 * How {@code multipart/form-data} request bodies (RFC 7578) are received: limits, and where large parts go. Parts up
 * to {@code fileSizeThreshold} bytes stay in memory, larger ones are written to temporary files in
 * {@code tempDirectory}, deleted when the request ends. Immutable; build with {@link #builder()}.
 *
 * @param maxPartSize       largest part (file or field), in bytes; larger is a 413; default 1 MiB (Spring Boot's
 *                          {@code max-file-size})
 * @param maxRequestSize    largest multipart body, in bytes; larger is a 413, before any byte is read when
 *                          Content-Length says so; default 10 MiB (Spring Boot's {@code max-request-size}). It
 *                          replaces the server's body limit for multipart requests
 * @param maxParts          most parts in one body; more is a 413; default 128
 * @param maxPartHeaderSize largest header block of one part, in bytes; larger is a 400; default 8 KiB
 * @param fileSizeThreshold parts larger than this go to a temporary file; default 16 KiB
 * @param tempDirectory     where those files are written; default {@code java.io.tmpdir}
 */
public record MultipartOptions(long maxPartSize, long maxRequestSize, int maxParts, int maxPartHeaderSize,
                               long fileSizeThreshold, Path tempDirectory) {

    /** The defaults listed above. */
    public static final MultipartOptions DEFAULT = new MultipartOptions(1024 * 1024, 10 * 1024 * 1024, 128, 8192,
            16 * 1024, Path.of(System.getProperty("java.io.tmpdir")));

    public MultipartOptions {
        positive(maxPartSize, "maxPartSize");
        positive(maxRequestSize, "maxRequestSize");
        positive(maxParts, "maxParts");
        positive(maxPartHeaderSize, "maxPartHeaderSize");
        notNegative(fileSizeThreshold, "fileSizeThreshold");
        notNull(tempDirectory, "tempDirectory");
    }

    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link MultipartOptions}; each setter documents its field on the record. */
    public static final class Builder {
        private long maxPartSize;
        private long maxRequestSize;
        private int maxParts;
        private int maxPartHeaderSize;
        private long fileSizeThreshold;
        private Path tempDirectory;

        private Builder(MultipartOptions from) {
            maxPartSize = from.maxPartSize;
            maxRequestSize = from.maxRequestSize;
            maxParts = from.maxParts;
            maxPartHeaderSize = from.maxPartHeaderSize;
            fileSizeThreshold = from.fileSizeThreshold;
            tempDirectory = from.tempDirectory;
        }

        public Builder maxPartSize(long maxPartSize) {
            this.maxPartSize = maxPartSize;
            return this;
        }

        public Builder maxRequestSize(long maxRequestSize) {
            this.maxRequestSize = maxRequestSize;
            return this;
        }

        public Builder maxParts(int maxParts) {
            this.maxParts = maxParts;
            return this;
        }

        public Builder maxPartHeaderSize(int maxPartHeaderSize) {
            this.maxPartHeaderSize = maxPartHeaderSize;
            return this;
        }

        public Builder fileSizeThreshold(long fileSizeThreshold) {
            this.fileSizeThreshold = fileSizeThreshold;
            return this;
        }

        public Builder tempDirectory(Path tempDirectory) {
            this.tempDirectory = tempDirectory;
            return this;
        }

        /** @throws IllegalArgumentException naming the field and value that is out of range */
        public MultipartOptions build() {
            return new MultipartOptions(maxPartSize, maxRequestSize, maxParts, maxPartHeaderSize, fileSizeThreshold,
                    tempDirectory);
        }
    }
}
