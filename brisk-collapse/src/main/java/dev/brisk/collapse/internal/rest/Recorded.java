package dev.brisk.collapse.internal.rest;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;

import java.util.Locale;
import java.util.Set;

/**
 * A complete response recorded from a handler run, to be written to every request that shared the run. Immutable:
 * each request's own response gets the status, a copy of every header and trailer, and the body bytes.
 */
public final class Recorded {

    /** Fields that belong to one connection or are computed again for each response. */
    private static final Set<String> NOT_COPIED = Set.of("connection", "keep-alive", "transfer-encoding", "upgrade",
            "proxy-connection", "te", "content-length");

    private final int status;
    private final Headers headers;
    private final Headers trailers;
    private final byte[] body;

    Recorded(int status, Headers headers, Headers trailers, byte[] body) {
        this.status = status;
        this.headers = Headers.copyOf(headers);
        this.trailers = Headers.copyOf(trailers);
        this.body = body;
    }

    /** Whether other clients may receive it: not when it sets a cookie. */
    boolean shareable() {
        return !headers.contains("set-cookie");
    }

    /** Writes the whole response to {@code response}. */
    void writeTo(ServerResponse response) {
        response.status(status);
        headers.forEach((name, value) -> {
            if (!NOT_COPIED.contains(name.toString().toLowerCase(Locale.ROOT))) {
                response.headers().add(name, value);
            }
        });
        if (trailers.isEmpty()) {
            response.send(body);
        } else {
            response.trailers().addAll(trailers);
            response.write(body);
            response.end();
        }
    }
}
