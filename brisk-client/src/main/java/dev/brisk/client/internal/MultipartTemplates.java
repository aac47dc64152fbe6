package dev.brisk.client.internal;

import dev.brisk.client.Multipart;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.DiskFileUpload;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.MemoryFileUpload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the parts of a {@link Multipart} into Netty {@link HttpData} held for the whole call: fields and stream parts
 * through a {@link DefaultHttpDataFactory} whose minimum size is the spill threshold (so a long stream goes to a
 * temporary file as it is read), files as {@link DiskFileUpload}s over the caller's file, bytes in memory. Each
 * attempt then sends views of these ({@link HttpDataViews}).
 */
final class MultipartTemplates {

    private static final int READ_SIZE = 16 * 1024;

    private MultipartTemplates() {
    }

    /**
     * Reads every part; on failure whatever was made (temporary files included) is released and every stream of the
     * body closed.
     *
     * @throws UncheckedIOException when a file cannot be read or a stream fails
     */
    static List<HttpData> of(Multipart multipart) {
        DefaultHttpDataFactory factory = new DefaultHttpDataFactory(multipart.spillThreshold(), StandardCharsets.UTF_8);
        multipart.tempDirectory().ifPresent(dir -> factory.setBaseDir(dir.toString()));
        factory.setDeleteOnExit(true); // a safety net for a JVM that dies mid-call; files are deleted when calls end
        HttpRequest owner = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
        List<HttpData> templates = new ArrayList<>(multipart.parts().size());
        int index = 0;
        try {
            for (Multipart.Part part : multipart.parts()) {
                templates.add(template(part, factory, owner));
                index++;
            }
            return templates;
        } catch (IOException | RuntimeException e) {
            templates.forEach(HttpData::release);
            closeStreams(multipart, index + 1);
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot read multipart part \""
                        + multipart.parts().get(index).name() + "\": " + io.getMessage(), io);
            }
            throw (RuntimeException) e;
        }
    }

    private static HttpData template(Multipart.Part part, DefaultHttpDataFactory factory, HttpRequest owner)
            throws IOException {
        if (part instanceof Multipart.Field field) {
            return factory.createAttribute(owner, field.name(), field.value());
        }
        if (part instanceof Multipart.FilePart file) {
            Path path = file.file();
            long size = Files.size(path);
            DiskFileUpload upload = new DiskFileUpload(file.name(), file.filename(), file.contentType(), null, null,
                    size, null, false);
            upload.setContent(path.toFile()); // the caller's file: sent from disk, never deleted
            return upload;
        }
        if (part instanceof Multipart.BytesPart bytes) {
            MemoryFileUpload upload = new MemoryFileUpload(bytes.name(), bytes.filename(), bytes.contentType(), null,
                    null, bytes.content().remaining());
            upload.setContent(Unpooled.wrappedBuffer(bytes.content()));
            return upload;
        }
        Multipart.StreamPart stream = (Multipart.StreamPart) part;
        FileUpload upload = factory.createFileUpload(owner, stream.name(), stream.filename(), stream.contentType(),
                null, null, 0);
        try (InputStream in = stream.take()) {
            spill(in, upload);
        } catch (IOException | RuntimeException e) {
            upload.release();
            throw e;
        }
        return upload;
    }

    /** Reads the stream into the upload, which moves its content to a temporary file once above its threshold. */
    private static void spill(InputStream in, FileUpload upload) throws IOException {
        byte[] chunk = new byte[READ_SIZE];
        int read;
        while ((read = in.read(chunk)) >= 0) {
            if (read > 0) {
                upload.addContent(Unpooled.copiedBuffer(chunk, 0, read), false);
            }
        }
        upload.addContent(Unpooled.EMPTY_BUFFER, true);
    }

    /** Closes the streams of the parts from {@code from} on, which will not be read. */
    private static void closeStreams(Multipart multipart, int from) {
        List<Multipart.Part> parts = multipart.parts();
        for (int i = from; i < parts.size(); i++) {
            if (parts.get(i) instanceof Multipart.StreamPart stream) {
                try {
                    stream.take().close();
                } catch (IOException | IllegalStateException ignored) {
                    // already taken, or nothing useful to do
                }
            }
        }
    }
}
