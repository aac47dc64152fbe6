package dev.brisk.collapse.internal.spring;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/**
 * What the callers of one request of a {@code ClientHttpRequestInterceptor} share: its response read into memory
 * (status, headers, body), from which each caller gets a response object of its own; or {@link #NOT_SHARED}, a
 * response that went to the caller that sent the request only.
 */
public final class SharedResponse {

    /** A response kept by the caller that sent the request (it sets a cookie, or is too large): the others send theirs. */
    public static final SharedResponse NOT_SHARED = new SharedResponse(null, "", new HttpHeaders(), new byte[0]);

    private final HttpStatusCode status;
    private final String statusText;
    private final HttpHeaders headers;
    private final byte[] body;

    SharedResponse(HttpStatusCode status, String statusText, HttpHeaders headers, byte[] body) {
        this.status = status;
        this.statusText = statusText;
        this.headers = headers;
        this.body = body;
    }

    /**
     * A response of its own for one caller: the status, a copy of the headers it may change, and a stream over the
     * body (which no caller can change through it).
     */
    public ClientHttpResponse newResponse() {
        return new BufferedResponse(status, statusText, HttpHeaders.copyOf(headers), body);
    }

    @Override
    public String toString() {
        return this == NOT_SHARED ? "SharedResponse[not shared]"
                : "SharedResponse[" + status + ", " + body.length + " bytes]";
    }
}
