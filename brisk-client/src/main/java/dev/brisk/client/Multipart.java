package dev.brisk.client;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@code multipart/form-data} request body: fields and file parts, in the order they were added. Pass it to
 * {@link RequestBuilder#body(Object)}; the client sets {@code Content-Type: multipart/form-data; boundary=...}.
 *
 * <pre>{@code
 * Multipart form = Multipart.builder()
 *         .field("title", "Holiday")
 *         .file("photo", Path.of("beach.jpg"), "image/jpeg")
 *         .part("log", "log.txt", inputStream, "text/plain")
 *         .build();
 * client.post(url).body(form).send();
 * }</pre>
 *
 * <p>Files are sent from disk, never loaded whole. An {@link InputStream} part is read when the call starts, on the
 * thread that starts it: up to {@link Builder#spillThreshold(long) spillThreshold} bytes (default 16 KiB) are kept in
 * memory, a longer stream goes to a temporary file in {@link Builder#tempDirectory(Path) tempDirectory}. The stream is
 * then closed, and the temporary file deleted when the call ends, however it ends. Because the data is then held by
 * the call, every part can be sent again for a retry or a 307/308 redirect. A {@code Multipart} with a stream part
 * can be sent once; one without can be sent any number of times.
 */
public final class Multipart {

    /** The default {@link Builder#spillThreshold(long) spill threshold}: 16 KiB. */
    public static final long DEFAULT_SPILL_THRESHOLD = 16 * 1024;

    private final List<Part> parts;
    private final long spillThreshold;
    private final Path tempDirectory;

    private Multipart(Builder builder) {
        this.parts = List.copyOf(builder.parts);
        this.spillThreshold = builder.spillThreshold;
        this.tempDirectory = builder.tempDirectory;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The parts, in the order they are sent. */
    public List<Part> parts() {
        return parts;
    }

    /** How many bytes of a stream part are kept in memory before the part goes to a temporary file. */
    public long spillThreshold() {
        return spillThreshold;
    }

    /** Where temporary files go; empty for the system's temporary directory ({@code java.io.tmpdir}). */
    public Optional<Path> tempDirectory() {
        return Optional.ofNullable(tempDirectory);
    }

    @Override
    public String toString() {
        return "Multipart" + parts;
    }

    /** One part of a multipart body. */
    public sealed interface Part permits Field, FilePart, BytesPart, StreamPart {
        /** The form field name ({@code Content-Disposition: form-data; name="..."}). */
        String name();
    }

    /** A text field, sent as UTF-8. */
    public record Field(String name, String value) implements Part {
        public Field {
            PartNames.check("field name", name);
            Objects.requireNonNull(value, "value of field " + name);
        }
    }

    /** A file sent from disk under {@code filename} (its own file name by default). */
    public record FilePart(String name, String filename, Path file, String contentType) implements Part {
        public FilePart {
            PartNames.check("part name", name);
            Objects.requireNonNull(file, "file of part " + name);
            PartNames.checkFilename(name, filename);
            PartNames.checkContentType(name, contentType);
        }
    }

    /** Bytes sent as a file part; the content is copied when the part is made. */
    public static final class BytesPart implements Part {
        private final String name;
        private final String filename;
        private final ByteBuffer content;
        private final String contentType;

        public BytesPart(String name, String filename, byte[] content, String contentType) {
            PartNames.check("part name", name);
            PartNames.checkFilename(name, filename);
            Objects.requireNonNull(content, "content of part " + name);
            PartNames.checkContentType(name, contentType);
            this.name = name;
            this.filename = filename;
            this.content = ByteBuffer.wrap(content.clone()).asReadOnlyBuffer();
            this.contentType = contentType;
        }

        @Override
        public String name() {
            return name;
        }

        public String filename() {
            return filename;
        }

        /** The content, read-only. */
        public ByteBuffer content() {
            return content.duplicate();
        }

        public String contentType() {
            return contentType;
        }

        @Override
        public String toString() {
            return "BytesPart[name=" + name + ", filename=" + filename + ", " + content.remaining() + " bytes, "
                    + contentType + "]";
        }
    }

    /** A stream sent as a file part; read once, when the first call that sends it starts. */
    public static final class StreamPart implements Part {
        private final String name;
        private final String filename;
        private final InputStream stream;
        private final String contentType;
        private final AtomicBoolean taken = new AtomicBoolean();

        public StreamPart(String name, String filename, InputStream stream, String contentType) {
            PartNames.check("part name", name);
            PartNames.checkFilename(name, filename);
            Objects.requireNonNull(stream, "stream of part " + name);
            PartNames.checkContentType(name, contentType);
            this.name = name;
            this.filename = filename;
            this.stream = stream;
            this.contentType = contentType;
        }

        @Override
        public String name() {
            return name;
        }

        public String filename() {
            return filename;
        }

        public String contentType() {
            return contentType;
        }

        /**
         * Hands the stream over to its reader, who must close it.
         *
         * @throws IllegalStateException when the stream was already taken (the body was sent before)
         */
        public InputStream take() {
            if (!taken.compareAndSet(false, true)) {
                throw new IllegalStateException("the stream of part \"" + name
                        + "\" was already read: a Multipart with a stream part can be sent once");
            }
            return stream;
        }

        @Override
        public String toString() {
            return "StreamPart[name=" + name + ", filename=" + filename + ", " + contentType + "]";
        }
    }

    /** Collects parts; not thread-safe. */
    public static final class Builder {
        private static final String OCTET_STREAM = "application/octet-stream";

        private final List<Part> parts = new ArrayList<>();
        private long spillThreshold = DEFAULT_SPILL_THRESHOLD;
        private Path tempDirectory;

        private Builder() {
        }

        /** Adds a text field. */
        public Builder field(String name, String value) {
            parts.add(new Field(name, value));
            return this;
        }

        /** Adds a file part named after the file, as {@code application/octet-stream}. */
        public Builder file(String name, Path file) {
            return file(name, file, OCTET_STREAM);
        }

        /** Adds a file part named after the file. */
        public Builder file(String name, Path file, String contentType) {
            Objects.requireNonNull(file, "file");
            Path fileName = file.getFileName();
            return file(name, fileName == null ? "" : fileName.toString(), file, contentType);
        }

        /** Adds a file part sent under {@code filename}. */
        public Builder file(String name, String filename, Path file, String contentType) {
            parts.add(new FilePart(name, filename, file, contentType));
            return this;
        }

        /** Adds bytes as a file part (copied now). */
        public Builder part(String name, String filename, byte[] content, String contentType) {
            parts.add(new BytesPart(name, filename, content, contentType));
            return this;
        }

        /** Adds a stream as a file part; see the class description for when it is read and where it is kept. */
        public Builder part(String name, String filename, InputStream content, String contentType) {
            parts.add(new StreamPart(name, filename, content, contentType));
            return this;
        }

        /**
         * How many bytes of a stream part are kept in memory; beyond that the part is written to a temporary file.
         * Default {@link #DEFAULT_SPILL_THRESHOLD}; 0 sends every stream part through a file.
         */
        public Builder spillThreshold(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("spillThreshold must be >= 0: " + bytes);
            }
            this.spillThreshold = bytes;
            return this;
        }

        /** Where temporary files go; default the system's temporary directory. */
        public Builder tempDirectory(Path directory) {
            this.tempDirectory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /**
         * The body.
         *
         * @throws IllegalStateException when no part was added
         */
        public Multipart build() {
            if (parts.isEmpty()) {
                throw new IllegalStateException("a Multipart needs at least one part");
            }
            return new Multipart(this);
        }
    }
}
