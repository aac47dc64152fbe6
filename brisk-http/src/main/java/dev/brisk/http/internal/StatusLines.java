package dev.brisk.http.internal;

import io.netty.handler.codec.http.HttpResponseStatus;

import java.nio.charset.StandardCharsets;

/** Pre-encoded HTTP/1.1 status lines and reason phrases for every code from 100 to 599. */
public final class StatusLines {

    private static final byte[][] HTTP_1_1 = new byte[600][];
    private static final byte[][] HTTP_1_0 = new byte[600][];

    static {
        for (int code = 100; code < 600; code++) {
            String reason = reason(code);
            HTTP_1_1[code] = ("HTTP/1.1 " + code + " " + reason + "\r\n").getBytes(StandardCharsets.US_ASCII);
            HTTP_1_0[code] = ("HTTP/1.0 " + code + " " + reason + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private StatusLines() {
    }

    /** The status line with its CRLF. */
    public static byte[] line(int code, boolean http10) {
        return (http10 ? HTTP_1_0 : HTTP_1_1)[code];
    }

    /** The standard reason phrase, or a generic one for unassigned codes. */
    public static String reason(int code) {
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
