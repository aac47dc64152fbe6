package dev.brisk.rest.spring.internal;

import dev.brisk.rest.multipart.Part;
import org.springframework.web.multipart.MultipartFile;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * An uploaded file of a multipart request as Spring's {@link MultipartFile}, over Brisk's {@link Part}: the content
 * stays where the engine put it (memory, or a temporary file deleted when the request ends); {@code transferTo} moves
 * a temporary file to its destination rather than copying it.
 */
final class PartFile implements MultipartFile {

    private final Part part;

    PartFile(Part part) {
        this.part = part;
    }

    @Override
    public String getName() {
        return part.name();
    }

    /** The file name the client sent (possibly empty when a form was sent without choosing a file). */
    @Override
    public String getOriginalFilename() {
        return part.filename().orElse(null);
    }

    @Override
    public String getContentType() {
        return part.contentType().orElse(null);
    }

    @Override
    public boolean isEmpty() {
        return part.size() == 0;
    }

    @Override
    public long getSize() {
        return part.size();
    }

    @Override
    public byte[] getBytes() throws IOException {
        return part.bytes();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        return part.inputStream();
    }

    /** Writes the content to {@code dest} (replacing it); a relative path resolves against the working directory. */
    @Override
    public void transferTo(File dest) throws IOException {
        transferTo(dest.toPath());
    }

    @Override
    public void transferTo(Path dest) throws IOException {
        part.transferTo(dest);
    }

    @Override
    public String toString() {
        return "MultipartFile[name=" + part.name() + ", filename=" + getOriginalFilename() + ", size=" + part.size()
                + "]";
    }
}
