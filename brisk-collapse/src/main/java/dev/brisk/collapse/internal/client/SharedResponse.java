package dev.brisk.collapse.internal.client;

import dev.brisk.collapse.internal.SharedValue;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamedResponse;

/**
 * The response of a shared client call, kept away from every caller: each gets a {@link CopiedResponse} of it,
 * except a caller that sent the request and was the only one to wait for it, who gets the response as it came.
 * Nothing is copied up front: the original's headers and trailers are read-only views nobody changes, and its body is
 * only read (a caller asking for the bytes gets an array of its own), so a call that served one caller costs no copy.
 * Streamed responses and responses that set cookies are not shareable.
 */
public final class SharedResponse implements SharedValue {

    private final HttpResponse original;
    private final boolean shareable;
    /** Whether a single caller waited for it; set by {@link #sharers} before any caller sees this object. */
    private boolean alone;

    private SharedResponse(HttpResponse original, boolean shareable) {
        this.original = original;
        this.shareable = shareable;
    }

    /** Wraps the response the network returned. */
    public static SharedResponse of(HttpResponse response) {
        boolean shareable = !(response instanceof StreamedResponse) && !response.headers().contains("set-cookie");
        return new SharedResponse(response, shareable);
    }

    @Override
    public void sharers(int callers) {
        alone = callers == 1;
        if (!alone && shareable) {
            // settles the body array before any caller sees the response, so that callers on other threads read the
            // same, fully written array
            original.bodyAsBytes();
        }
    }

    /** Whether callers may share it; if not, only the caller that sent the request gets {@link #original()}. */
    public boolean shareable() {
        return shareable;
    }

    /** Whether it goes to a single caller, who may then take {@link #original()}. */
    public boolean alone() {
        return alone;
    }

    public HttpResponse original() {
        return original;
    }

    /** A response of its own for the caller that sent {@code request}. */
    public HttpResponse copyFor(HttpRequest request) {
        return new CopiedResponse(original, request);
    }
}
