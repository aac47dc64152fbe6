package dev.brisk.rest.internal.multipart;

import dev.brisk.codec.MediaType;
import dev.brisk.http.common.Headers;
import dev.brisk.rest.multipart.Part;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/** A received part, its content in memory or in a temporary file. */
final class DefaultPart implements Part {

    private final String name;
    private final String filename;
    private final Headers headers;
    private final long size;
    private final byte[] content;
    private final TempFiles owner;
    private Charset defaultCharset = StandardCharsets.UTF_8;
    private volatile Path file;

    DefaultPart(String name, String filename, Headers headers, long size, byte[] content, Path file,
                TempFiles owner) {
        this.name = name;
        this.filename = filename;
        this.headers = headers;
        this.size = size;
        this.content = content;
        this.file = file;
        this.owner = owner;
    }

    /** The form's {@code _charset_}, for text parts without a charset of their own. */
    void defaultCharset(Charset charset) {
        this.defaultCharset = charset;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<String> filename() {
        return Optional.ofNullable(filename);
    }

    @Override
    public Optional<String> contentType() {
        return headers.first("content-type");
    }

    @Override
    public Headers headers() {
        return headers;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public boolean inMemory() {
        return content != null;
    }

    @Override
    public InputStream inputStream() throws IOException {
        return content != null ? new ByteArrayInputStream(content) : Files.newInputStream(file);
    }

    @Override
    public byte[] bytes() throws IOException {
        return content != null ? content.clone() : Files.readAllBytes(file);
    }

    @Override
    public String string() throws IOException {
        return new String(content != null ? content : Files.readAllBytes(file), charset());
    }

    Charset charset() {
        Optional<String> type = contentType();
        if (type.isPresent()) {
            try {
                Optional<Charset> declared = MediaType.parse(type.get()).charset();
                if (declared.isPresent()) {
                    return declared.get();
                }
            } catch (IllegalArgumentException e) {
                // a malformed or unknown type: fall back on the form's charset
            }
        }
        return defaultCharset;
    }

    @Override
    public void transferTo(Path target) throws IOException {
        if (content != null) {
            Files.write(target, content);
            return;
        }
        Path source = file;
        Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        owner.forget(source);
        file = target;
    }

    @Override
    public String toString() {
        return "Part[name=" + name + (filename != null ? ", filename=" + filename : "") + ", size=" + size + "]";
    }
}
