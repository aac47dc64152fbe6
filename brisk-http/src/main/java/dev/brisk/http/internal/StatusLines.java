package dev.brisk.http.internal;

import dev.brisk.http.common.HttpStatus;

import java.nio.charset.StandardCharsets;

/** Pre-encoded HTTP/1.1 and HTTP/1.0 status lines for every code from 100 to 599. */
public final class StatusLines {

    private static final byte[][] HTTP_1_1 = new byte[600][];
    private static final byte[][] HTTP_1_0 = new byte[600][];

    static {
        for (int code = 100; code < 600; code++) {
            String reason = HttpStatus.reasonPhrase(code);
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
}
