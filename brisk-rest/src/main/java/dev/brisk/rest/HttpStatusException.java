package dev.brisk.rest;

/** Throw to answer with {@code status} and an RFC 9457 problem whose detail is the message. */
public class HttpStatusException extends RuntimeException {

    private final int status;

    public HttpStatusException(int status, String detail) {
        super(detail, null, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("an error status is 4xx or 5xx: " + status);
        }
        this.status = status;
    }

    public int status() {
        return status;
    }
}
