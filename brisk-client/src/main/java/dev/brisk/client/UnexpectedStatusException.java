package dev.brisk.client;

import dev.brisk.http.common.Headers;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A response whose status is not 2xx where a success was required: thrown by {@link HttpResponse#ensureSuccess()}
 * and reported by {@link RequestBuilder#retrieve(Class)}. Holds the status, header fields and body of the response;
 * the message names method, URI, status and the start of the body.
 */
public class UnexpectedStatusException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    /** How much of the body the message quotes. */
    private static final int QUOTED_BODY = 200;

    private final int status;
    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final Headers headers;
    private final String body;
    private final URI uri;

    /** The failure for {@code response}, whose status is not 2xx. */
    public UnexpectedStatusException(HttpResponse response) {
        this(response, response.bodyAsString());
    }

    private UnexpectedStatusException(HttpResponse response, String body) {
        super(hostOf(response.uri()), message(response, body));
        this.status = response.status();
        this.headers = response.headers();
        this.body = body;
        this.uri = response.uri();
    }

    /** The response's status code. */
    public int status() {
        return status;
    }

    /** The response's header fields. */
    public Headers headers() {
        return headers;
    }

    /** The response's body as text (empty when it had none). */
    public String bodyAsString() {
        return body;
    }

    /** The body's bytes, UTF-8 encoded. */
    public byte[] bodyAsBytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    /** The URI that answered (after redirects: the last one). */
    public URI uri() {
        return uri;
    }

    private static String message(HttpResponse response, String body) {
        StringBuilder message = new StringBuilder(96).append(response.request().method()).append(' ')
                .append(response.uri()).append(" answered ").append(response.status());
        if (!body.isEmpty()) {
            message.append(": ");
            if (body.length() > QUOTED_BODY) {
                message.append(body, 0, QUOTED_BODY).append("...");
            } else {
                message.append(body);
            }
        }
        return message.toString();
    }

    private static String hostOf(URI uri) {
        return uri.getHost() == null ? null : uri.getHost() + ':' + uri.getPort();
    }
}
