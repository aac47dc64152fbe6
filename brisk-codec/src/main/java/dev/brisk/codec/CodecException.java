package dev.brisk.codec;

/** A body that could not be read (the sender's fault) or a value that could not be written. */
public class CodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean decoding;

    public CodecException(String message, Throwable cause, boolean decoding) {
        super(message, cause);
        this.decoding = decoding;
    }

    /** Whether this happened reading a body, i.e. the request was malformed. */
    public boolean decoding() {
        return decoding;
    }
}
