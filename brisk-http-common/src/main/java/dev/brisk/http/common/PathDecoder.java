package dev.brisk.http.common;

import io.netty.handler.codec.http.QueryStringDecoder;

/** Percent-decodes a path or path segment; unlike a query, a path keeps {@code +} as it is. */
public final class PathDecoder {

    private PathDecoder() {
    }

    /**
     * {@code raw} with its {@code %XX} escapes decoded as UTF-8; {@code +} stays a plus sign.
     *
     * @throws IllegalArgumentException for a malformed escape
     */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        return QueryStringDecoder.decodeComponent(raw.replace("+", "%2B"));
    }
}
