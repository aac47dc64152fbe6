package dev.brisk.rest.multipart;

import dev.brisk.http.common.Headers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One part of a {@code multipart/form-data} request body: a form field or an uploaded file. Small parts are held in
 * memory, larger ones in a temporary file (see {@link MultipartOptions}) that is deleted when the request ends:
 * {@link #transferTo(Path)} keeps it.
 */
public interface Part {

    /** The form field name. */
    String name();

    /**
     * The file name the client sent (decoded from {@code filename*} when present), empty for a field that is not a
     * file. It comes from the client: never use it as a path without sanitizing it.
     */
    Optional<String> filename();

    /** The part's {@code Content-Type}, when it has one (files usually do, fields usually not). */
    Optional<String> contentType();

    /** All header fields of the part. */
    Headers headers();

    /** The size of the content in bytes. */
    long size();

    /** Whether the content is held in memory rather than in a temporary file. */
    boolean inMemory();

    /** The content as a stream; each call starts from the beginning. */
    InputStream inputStream() throws IOException;

    /** The content as bytes. */
    byte[] bytes() throws IOException;

    /** The content as text, in the charset of its {@code Content-Type}, else the form's {@code _charset_}, else UTF-8. */
    String string() throws IOException;

    /**
     * Writes the content to {@code target}, replacing it; a part held in a temporary file is moved there, so it is no
     * longer deleted with the request (and later reads come from {@code target}).
     */
    void transferTo(Path target) throws IOException;
}
