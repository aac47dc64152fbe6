package dev.brisk.collapse.internal.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamedResponse;
import dev.brisk.http.common.Headers;

/**
 * The response of a shared client call, kept away from every caller: each gets a {@link CopiedResponse} of it.
 * Streamed responses and responses that set cookies are not shareable.
 */
public final class SharedResponse {

    private final HttpResponse original;
    private final byte[] body;
    /** Read-only copies, shared by the callers' responses. */
    private final Headers headers;
    private final Headers trailers;

    private SharedResponse(HttpResponse original, byte[] body) {
        this.original = original;
        this.body = body;
        this.headers = body == null ? null : Headers.copyOf(original.headers());
        this.trailers = body == null ? null : original.trailers().isEmpty() ? Headers.empty()
                : Headers.copyOf(original.trailers());
    }

    /** Wraps the response the network returned. */
    public static SharedResponse of(HttpResponse response) {
        if (response instanceof StreamedResponse || response.headers().contains("set-cookie")) {
            return new SharedResponse(response, null);
        }
        return new SharedResponse(response, response.bodyAsBytes());
    }

    /** Whether callers may share it; if not, only the caller that sent the request gets {@link #original()}. */
    public boolean shareable() {
        return body != null;
    }

    public HttpResponse original() {
        return original;
    }

    /** A response of its own for the caller that sent {@code request}. */
    public HttpResponse copyFor(HttpRequest request) {
        return new CopiedResponse(original, body, headers, trailers, request);
    }
}
