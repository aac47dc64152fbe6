package dev.brisk.rest.internal.stream;

import java.io.IOException;

/** The connection (or HTTP/2 stream) closed while the application was still producing the response. */
public final class ClientGoneException extends IOException {

    private static final long serialVersionUID = 1L;

    public ClientGoneException(String message, Throwable cause) {
        super(message, cause);
    }
}
