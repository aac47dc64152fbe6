package dev.brisk.http.internal.http3;

import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.internal.AbstractStreamResponse;
import dev.brisk.http.internal.PseudoHeadersView;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.util.AsciiString;

import java.util.List;
import java.util.Map;

/**
 * Checks what Netty's QPACK and pseudo-header validation leave to the server (RFC 9114 4.3.1, 4.2, 10.3): the method
 * is a token, the path is origin-form (or {@code *} for OPTIONS), CONNECT has only {@code :authority}, {@code host}
 * agrees with {@code :authority}, every field name is a lower-case token and every value free of CR, LF, NUL and other
 * controls, and no connection-specific field is present; {@link #contentLength} reads {@code content-length} as one
 * decimal number. A violation is malformed: the stream is reset with H3_MESSAGE_ERROR, the connection and its other
 * streams go on.
 */
final class Http3RequestValidator {

    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
    private static final AsciiString TE = AsciiString.cached("te");
    private static final AsciiString TRAILERS = AsciiString.cached("trailers");

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
        for (Map.Entry<CharSequence, CharSequence> field : headers) {
            CharSequence name = field.getKey();
            if (!PseudoHeadersView.isPseudo(name)) {
                checkField(name, field.getValue());
            }
        }
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

    /**
     * Checks a regular field of a head or trailer section: its name a lower-case token other than the
     * connection-specific ones (RFC 9114 section 4.2), its value made of field-content bytes.
     */
    static void checkField(CharSequence name, CharSequence value) throws MalformedRequest {
        if (!HttpSyntax.isToken(name)) {
            throw new MalformedRequest("invalid field name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                throw new MalformedRequest("upper-case field name");
            }
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF || !HttpSyntax.isFieldValueByte(c)) {
                throw new MalformedRequest("invalid character in a field value");
            }
        }
        if (AbstractStreamResponse.isConnectionSpecific(name)
                || AsciiString.contentEquals(name, TE) && !AsciiString.contentEquals(value, TRAILERS)) {
            throw new MalformedRequest("connection-specific field " + name);
        }
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
