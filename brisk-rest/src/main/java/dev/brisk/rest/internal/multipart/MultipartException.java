package dev.brisk.rest.internal.multipart;

import dev.brisk.rest.HttpStatusException;

/** A multipart body that is malformed (400) or beyond a limit of {@code MultipartOptions} (413). */
public final class MultipartException extends HttpStatusException {

    private static final long serialVersionUID = 1L;

    public MultipartException(int status, String detail) {
        super(status, detail);
    }

    static MultipartException malformed(String detail) {
        return new MultipartException(400, "malformed multipart body: " + detail);
    }

    static MultipartException tooLarge(String detail) {
        return new MultipartException(413, detail);
    }
}
