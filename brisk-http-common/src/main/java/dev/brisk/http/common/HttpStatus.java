package dev.brisk.http.common;

import io.netty.handler.codec.http.HttpResponseStatus;

/** Facts about HTTP status codes that both sides need. */
public final class HttpStatus {

    private HttpStatus() {
    }

    /** The standard reason phrase of {@code code} (RFC 9110 names), or a generic one for unassigned codes. */
    public static String reasonPhrase(int code) {
        return switch (code) {
            // RFC 9110 renamed these
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 416 -> "Range Not Satisfiable";
            case 422 -> "Unprocessable Content";
            default -> HttpResponseStatus.valueOf(code).reasonPhrase();
        };
    }

    /** Whether a response with this status never has a body (1xx, 204, 304). */
    public static boolean forbidsBody(int code) {
        return code < 200 || code == 204 || code == 304;
    }
}
