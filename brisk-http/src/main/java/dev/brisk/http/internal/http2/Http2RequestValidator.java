package dev.brisk.http.internal.http2;

import dev.brisk.http.common.HttpSyntax;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import java.util.List;

/**
 * Checks what Netty's HPACK validation leaves to the server (RFC 9113 8.1.1, 8.3): the method is a token, the path is
 * origin-form (or {@code *} for OPTIONS), CONNECT has only {@code :authority}, {@code host} agrees with
 * {@code :authority}; and {@link #contentLength} reads {@code content-length} as one decimal number. A violation is a
 * stream error of type PROTOCOL_ERROR: only that request fails, the connection and its other streams go on.
 */
final class Http2RequestValidator {

    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    private Http2RequestValidator() {
    }

    /** The request target to use (the path, or the authority of a CONNECT); throws a stream error if malformed. */
    static String validate(int streamId, Http2Headers headers) throws Http2Exception {
        CharSequence method = headers.method();
        if (method == null || !HttpSyntax.isToken(method)) {
            throw malformed(streamId, "invalid :method");
        }
        CharSequence authority = headers.authority();
        if (authority != null && (authority.length() == 0 || !HttpSyntax.isValidAuthority(authority))) {
            throw malformed(streamId, "invalid :authority");
        }
        CharSequence host = headers.get(HOST);
        if (host != null) {
            if (headers.getAll(HOST).size() > 1) {
                throw malformed(streamId, "more than one host field");
            }
            if (!HttpSyntax.isValidAuthority(host)
                    || authority != null && !AsciiString.contentEqualsIgnoreCase(host, authority)) {
                throw malformed(streamId, "host field disagrees with :authority");
            }
        }
        String target;
        if (AsciiString.contentEquals(method, "CONNECT")) {
            if (headers.path() != null || headers.scheme() != null || authority == null) {
                throw malformed(streamId, "CONNECT takes :authority only");
            }
            target = authority.toString();
        } else {
            CharSequence path = headers.path();
            if (path == null || path.length() == 0 || headers.scheme() == null) {
                throw malformed(streamId, "missing :path or :scheme");
            }
            target = path.toString();
            checkPath(streamId, method, target);
        }
        return target;
    }

    private static void checkPath(int streamId, CharSequence method, String path) throws Http2Exception {
        if (path.equals("*")) {
            if (!AsciiString.contentEquals(method, "OPTIONS")) {
                throw malformed(streamId, "asterisk :path is only allowed for OPTIONS");
            }
            return;
        }
        if (path.charAt(0) != '/') {
            throw malformed(streamId, ":path must start with /");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c > 0xFF || !HttpSyntax.isTargetByte(c)) {
                throw malformed(streamId, "invalid character in :path");
            }
        }
        if (!HttpSyntax.validPercentEncoding(path)) {
            throw malformed(streamId, "invalid percent-encoding in :path");
        }
    }

    /** The declared content-length, -1 when absent. */
    static long contentLength(int streamId, Http2Headers headers) throws Http2Exception {
        if (!headers.contains(CONTENT_LENGTH)) {
            return -1;
        }
        List<CharSequence> values = headers.getAll(CONTENT_LENGTH);
        long result = -1;
        for (CharSequence value : values) {
            long parsed = HttpSyntax.parseDecimal(value);
            if (parsed < 0 || result >= 0 && parsed != result) {
                throw malformed(streamId, "invalid content-length");
            }
            result = parsed;
        }
        return result;
    }

    private static Http2Exception malformed(int streamId, String message) {
        return Http2Exception.streamError(streamId, Http2Error.PROTOCOL_ERROR, "malformed request: %s", message);
    }
}
