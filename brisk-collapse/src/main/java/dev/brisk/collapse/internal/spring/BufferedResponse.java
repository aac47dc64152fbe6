package dev.brisk.collapse.internal.spring;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/** A response whose body is in memory: one caller's copy of a {@link SharedResponse}. */
final class BufferedResponse implements ClientHttpResponse {

    private final HttpStatusCode status;
    private final String statusText;
    private final HttpHeaders headers;
    private final byte[] body;
    private InputStream stream;

    BufferedResponse(HttpStatusCode status, String statusText, HttpHeaders headers, byte[] body) {
        this.status = status;
        this.statusText = statusText;
        this.headers = headers;
        this.body = body;
    }

    @Override
    public HttpStatusCode getStatusCode() {
        return status;
    }

    @Override
    public String getStatusText() {
        return statusText;
    }

    @Override
    public HttpHeaders getHeaders() {
        return headers;
    }

    /** The body, one stream for the response as a connection's response has (read-only over the shared bytes). */
    @Override
    public InputStream getBody() {
        if (stream == null) {
            stream = new ByteArrayInputStream(body);
        }
        return stream;
    }

    @Override
    public void close() {
        // nothing to release: the connection was given back when the body was read
    }

    @Override
    public String toString() {
        return "ClientHttpResponse[" + status + ", shared]";
    }
}
