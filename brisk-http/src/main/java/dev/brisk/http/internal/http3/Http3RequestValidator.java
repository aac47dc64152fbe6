package dev.brisk.http.internal.http3;

import dev.brisk.http.common.HttpSyntax;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.util.AsciiString;

import java.util.List;

/**
 * Checks what Netty's QPACK and pseudo-header validation leave to the server (RFC 9114 4.3.1, 4.2): the method is a
 * token, the path is origin-form (or {@code *} for OPTIONS), CONNECT has only {@code :authority}, {@code host} agrees
 * with {@code :authority}; and {@link #contentLength} reads {@code content-length} as one decimal number. A violation
 * is malformed: the stream is reset with H3_MESSAGE_ERROR, the connection and its other streams go on.
 */
final class Http3RequestValidator {

    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    private Http3RequestValidator() {
    }

    /** A request that must not be served. */
    static final class MalformedRequest extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedRequest(String message) {
            super("malformed request: " + message, null, false, false);
        }
    }

    /** The request target to use (the path, or the authority of a CONNECT). */
    static String validate(Http3Headers headers) throws MalformedRequest {
        CharSequence method = headers.method();
        if (method == null || !HttpSyntax.isToken(method)) {
            throw new MalformedRequest("invalid :method");
        }
        CharSequence authority = headers.authority();
        if (authority != null && (authority.length() == 0 || !HttpSyntax.isValidAuthority(authority))) {
            throw new MalformedRequest("invalid :authority");
        }
        CharSequence host = headers.get(HOST);
        if (host != null) {
            if (headers.getAll(HOST).size() > 1) {
                throw new MalformedRequest("more than one host field");
            }
            if (!HttpSyntax.isValidAuthority(host)
                    || authority != null && !AsciiString.contentEqualsIgnoreCase(host, authority)) {
                throw new MalformedRequest("host field disagrees with :authority");
            }
        }
        if (AsciiString.contentEquals(method, "CONNECT")) {
            if (headers.path() != null || headers.scheme() != null || authority == null) {
                throw new MalformedRequest("CONNECT takes :authority only");
            }
            return authority.toString();
        }
        CharSequence path = headers.path();
        if (path == null || path.length() == 0 || headers.scheme() == null) {
            throw new MalformedRequest("missing :path or :scheme");
        }
        String target = path.toString();
        checkPath(method, target);
        return target;
    }

    private static void checkPath(CharSequence method, String path) throws MalformedRequest {
        if (path.equals("*")) {
            if (!AsciiString.contentEquals(method, "OPTIONS")) {
                throw new MalformedRequest("asterisk :path is only allowed for OPTIONS");
            }
            return;
        }
        if (path.charAt(0) != '/') {
            throw new MalformedRequest(":path must start with /");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c > 0xFF || !HttpSyntax.isTargetByte(c)) {
                throw new MalformedRequest("invalid character in :path");
            }
        }
        if (!HttpSyntax.validPercentEncoding(path)) {
            throw new MalformedRequest("invalid percent-encoding in :path");
        }
    }

    /** The declared content-length, -1 when absent. */
    static long contentLength(Http3Headers headers) throws MalformedRequest {
        if (!headers.contains(CONTENT_LENGTH)) {
            return -1;
        }
        List<CharSequence> values = headers.getAll(CONTENT_LENGTH);
        long result = -1;
        for (CharSequence value : values) {
            long parsed = HttpSyntax.parseDecimal(value);
            if (parsed < 0 || result >= 0 && parsed != result) {
                throw new MalformedRequest("invalid content-length");
            }
            result = parsed;
        }
        return result;
    }
}
