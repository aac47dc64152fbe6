package dev.brisk.http.internal;

/** A request that cannot be accepted; carries the status to answer with before the connection is closed. */
public final class HttpParseException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final boolean notHttp;

    public HttpParseException(int status, String message) {
        this(status, message, false);
    }

    /**
     * @param notHttp the bytes do not look like HTTP/1.x at all (e.g. a broken HTTP/2 preface): on the first
     *                request of a connection nothing is answered, the connection is just closed
     */
    public HttpParseException(int status, String message, boolean notHttp) {
        super(message, null, false, false);
        this.status = status;
        this.notHttp = notHttp;
    }

    public boolean notHttp() {
        return notHttp;
    }

    /** The response status: 400, 413, 414, 417, 431, 501 or 505. */
    public int status() {
        return status;
    }
}
