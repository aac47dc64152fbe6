package dev.brisk.http.internal;

import io.netty.handler.codec.http.QueryStringDecoder;

/** Percent-decodes a path or path segment; unlike a query, a path keeps {@code +} as it is. */
public final class PathDecoder {

    private PathDecoder() {
    }

    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        return QueryStringDecoder.decodeComponent(raw.replace("+", "%2B"));
    }
}
