package dev.brisk.collapse.internal.spring;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

/**
 * A response whose first bytes were read already (to learn that it is too large to share): its body is those bytes
 * followed by the rest of the connection's stream, so its one caller reads it whole.
 */
final class PrefixedResponse implements ClientHttpResponse {

    private final ClientHttpResponse response;
    private final byte[] prefix;
    private InputStream stream;

    PrefixedResponse(ClientHttpResponse response, byte[] prefix) {
        this.response = response;
        this.prefix = prefix;
    }

    @Override
    public HttpStatusCode getStatusCode() throws IOException {
        return response.getStatusCode();
    }

    @Override
    public String getStatusText() throws IOException {
        return response.getStatusText();
    }

    @Override
    public HttpHeaders getHeaders() {
        return response.getHeaders();
    }

    @Override
    public InputStream getBody() throws IOException {
        if (stream == null) {
            stream = new SequenceInputStream(new ByteArrayInputStream(prefix), response.getBody());
        }
        return stream;
    }

    @Override
    public void close() {
        response.close();
    }
}
