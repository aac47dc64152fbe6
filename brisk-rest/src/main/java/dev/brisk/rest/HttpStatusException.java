package dev.brisk.rest;

/** Throw to answer with {@code status} and an RFC 9457 problem whose detail is the message. */
public class HttpStatusException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public HttpStatusException(int status, String detail) {
        this(status, detail, null);
    }

    /**
     * Like {@link #HttpStatusException(int, String)}, keeping what went wrong underneath (e.g. the codec's failure)
     * for handlers that want to look closer; the cause never appears in the response.
     */
    public HttpStatusException(int status, String detail, Throwable cause) {
        super(detail, cause, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("an error status is 4xx or 5xx: " + status);
        }
        this.status = status;
    }

    public int status() {
        return status;
    }
}
