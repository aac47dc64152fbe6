package dev.brisk.collapse.internal.client;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamedResponse;

/**
 * The response of a shared client call, kept away from every caller: each gets a {@link CopiedResponse} of it.
 * Nothing is copied up front: the original's headers and trailers are read-only views nobody changes, and its body is
 * only read (a caller asking for the bytes gets an array of its own), so a call that served one caller costs no copy.
 * Streamed responses and responses that set cookies are not shareable.
 */
public final class SharedResponse {

    private final HttpResponse original;
    private final boolean shareable;

    private SharedResponse(HttpResponse original, boolean shareable) {
        this.original = original;
        this.shareable = shareable;
    }

    /** Wraps the response the network returned. */
    public static SharedResponse of(HttpResponse response) {
        if (response instanceof StreamedResponse || response.headers().contains("set-cookie")) {
            return new SharedResponse(response, false);
        }
        // settles the body array before any caller sees the response, so that callers on other threads read the
        // same, fully written array
        response.bodyAsBytes();
        return new SharedResponse(response, true);
    }

    /** Whether callers may share it; if not, only the caller that sent the request gets {@link #original()}. */
    public boolean shareable() {
        return shareable;
    }

    public HttpResponse original() {
        return original;
    }

    /** A response of its own for the caller that sent {@code request}. */
    public HttpResponse copyFor(HttpRequest request) {
        return new CopiedResponse(original, request);
    }
}
