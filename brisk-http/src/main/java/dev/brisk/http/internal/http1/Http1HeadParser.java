package dev.brisk.http.internal.http1;

import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.HttpParseException;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;

/**
 * Parses a complete request head (request line, fields, empty line) held in a byte array, strictly per RFC 9112:
 * no obs-fold, no whitespace before the colon, no control characters, a single valid Host, no Content-Length with
 * Transfer-Encoding, no differing Content-Length values. Names and values are views over the array, not copies.
 */
final class Http1HeadParser {

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte SP = ' ';
    private static final byte HTAB = '\t';

    private Http1HeadParser() {
    }

    /**
     * @param a   the head bytes, each line ending in LF (optionally preceded by CR), the last line empty
     * @param len number of bytes of {@code a} that hold the head
     */
    static Http1Head parse(byte[] a, int len) throws HttpParseException {
        int lineEnd = indexOf(a, 0, len, LF);
        int lineContentEnd = contentEnd(a, 0, lineEnd);
        Http1Head head = new Http1Head(8);
        parseRequestLine(a, lineContentEnd, head);
        int hostCount = parseFields(a, lineEnd + 1, len, head.headers, head);
        if (!head.http10 && hostCount != 1) {
            throw new HttpParseException(400, hostCount == 0 ? "missing Host header" : "more than one Host header");
        }
        if (head.http10 && hostCount > 1) {
            throw new HttpParseException(400, "more than one Host header");
        }
        if (head.chunked && head.contentLength >= 0) {
            throw new HttpParseException(400, "both Content-Length and Transfer-Encoding");
        }
        String authority = absoluteFormAuthority(head.uri);
        if (authority != null) {
            // RFC 9112 3.2.2: the target's authority is the request's, whatever Host says.
            checkHost(new AsciiString(authority));
            head.headers.set("host", authority);
        }
        head.headers.seal();
        return head;
    }

    /** Parses trailer fields (a field block ending in an empty line, CRLF only) into read-only headers. */
    static ArrayHeaders parseTrailers(byte[] a, int len) throws HttpParseException {
        ArrayHeaders trailers = new ArrayHeaders(4);
        parseFields(a, 0, len, trailers, null);
        return trailers.seal();
    }

    /** Parses field lines from {@code pos} up to the empty line; returns the number of Host fields. */
    private static int parseFields(byte[] a, int pos, int len, ArrayHeaders out, Http1Head head)
            throws HttpParseException {
        int hostCount = 0;
        while (true) {
            int lineEnd = indexOf(a, pos, len, LF);
            int end = contentEnd(a, pos, lineEnd);
            if (end == pos) {
                return hostCount;
            }
            if (a[pos] == SP || a[pos] == HTAB) {
                throw new HttpParseException(400, "obsolete line folding is not allowed");
            }
            int colon = pos;
            while (colon < end && a[colon] != ':') {
                if (!HttpSyntax.isTchar(a[colon])) {
                    throw new HttpParseException(400, "invalid character in header name");
                }
                colon++;
            }
            if (colon == end || colon == pos) {
                throw new HttpParseException(400, "malformed header line");
            }
            int valueStart = colon + 1;
            int valueEnd = end;
            while (valueStart < valueEnd && (a[valueStart] == SP || a[valueStart] == HTAB)) {
                valueStart++;
            }
            while (valueEnd > valueStart && (a[valueEnd - 1] == SP || a[valueEnd - 1] == HTAB)) {
                valueEnd--;
            }
            for (int i = valueStart; i < valueEnd; i++) {
                if (!HttpSyntax.isFieldValueByte(a[i])) {
                    throw new HttpParseException(400, "invalid character in header value");
                }
            }
            AsciiString name = new AsciiString(a, pos, colon - pos, false);
            AsciiString value = new AsciiString(a, valueStart, valueEnd - valueStart, false);
            out.addTrusted(name, value);
            if (head != null && classify(head, a, pos, colon - pos, value)) {
                hostCount++;
            }
            pos = lineEnd + 1;
        }
    }

    /** Index of the content end of the line [start, lf): before a final CR; a CR elsewhere is an error. */
    private static int contentEnd(byte[] a, int start, int lf) throws HttpParseException {
        int end = lf > start && a[lf - 1] == CR ? lf - 1 : lf;
        for (int i = start; i < end; i++) {
            if (a[i] == CR) {
                throw new HttpParseException(400, "bare CR in request head");
            }
        }
        return end;
    }

    private static int indexOf(byte[] a, int from, int to, byte b) throws HttpParseException {
        for (int i = from; i < to; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        throw new HttpParseException(400, "truncated request head");
    }

    private static void parseRequestLine(byte[] a, int end, Http1Head head) throws HttpParseException {
        int sp1 = 0;
        while (sp1 < end && a[sp1] != SP) {
            if (!HttpSyntax.isTchar(a[sp1])) {
                throw new HttpParseException(400, "invalid request method");
            }
            sp1++;
        }
        if (sp1 == 0 || sp1 == end) {
            throw new HttpParseException(400, "malformed request line");
        }
        head.method = method(a, sp1);
        int targetStart = sp1 + 1;
        int sp2 = targetStart;
        while (sp2 < end && a[sp2] != SP) {
            if (!HttpSyntax.isTargetByte(a[sp2])) {
                throw new HttpParseException(400, "invalid character in request target");
            }
            sp2++;
        }
        if (sp2 == targetStart || sp2 == end) {
            throw new HttpParseException(400, "malformed request line");
        }
        int versionStart = sp2 + 1;
        int versionLength = end - versionStart;
        if (versionLength < 5 || a[versionStart] != 'H' || a[versionStart + 1] != 'T' || a[versionStart + 2] != 'T'
                || a[versionStart + 3] != 'P' || a[versionStart + 4] != '/') {
            throw new HttpParseException(400, "malformed request line", !containsHttp(a, end));
        }
        if (versionLength != 8 || !isDigit(a[versionStart + 5]) || a[versionStart + 6] != '.'
                || !isDigit(a[versionStart + 7])) {
            throw new HttpParseException(400, "malformed HTTP version");
        }
        if (a[versionStart + 5] != '1' || a[versionStart + 7] != '1' && a[versionStart + 7] != '0') {
            throw new HttpParseException(505, "HTTP version not supported");
        }
        head.http10 = a[versionStart + 7] == '0';
        head.uri = new String(a, targetStart, sp2 - targetStart, StandardCharsets.ISO_8859_1);
        checkTargetForm(head.method, head.uri);
    }

    private static void checkTargetForm(HttpMethod method, String target) throws HttpParseException {
        if (!HttpSyntax.validPercentEncoding(target)) {
            throw new HttpParseException(400, "invalid percent-encoding in request target");
        }
        if (method == HttpMethod.CONNECT) {
            if (target.indexOf('/') >= 0 || target.indexOf(':') <= 0) {
                throw new HttpParseException(400, "CONNECT needs an authority-form target");
            }
            return;
        }
        if (target.charAt(0) == '/') {
            return;
        }
        if (target.equals("*")) {
            if (method != HttpMethod.OPTIONS) {
                throw new HttpParseException(400, "asterisk-form is only allowed for OPTIONS");
            }
            return;
        }
        if (target.regionMatches(true, 0, "http://", 0, 7) || target.regionMatches(true, 0, "https://", 0, 8)) {
            return;
        }
        throw new HttpParseException(400, "invalid request target form");
    }

    /** The authority of an absolute-form target ({@code http://host:port/path}), or null for other forms. */
    private static String absoluteFormAuthority(String target) throws HttpParseException {
        if (target.charAt(0) == '/' || target.equals("*") || target.indexOf("://") < 0) {
            return null;
        }
        int start = target.indexOf("://") + 3;
        int end = start;
        while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        String authority = target.substring(start, end);
        if (authority.isEmpty() || authority.indexOf('@') >= 0) {
            throw new HttpParseException(400, "invalid authority in absolute-form request target");
        }
        return authority;
    }

    private static HttpMethod method(byte[] a, int length) throws HttpParseException {
        switch (length) {
            case 3:
                if (a[0] == 'G' && a[1] == 'E' && a[2] == 'T') {
                    return HttpMethod.GET;
                }
                if (a[0] == 'P' && a[1] == 'U' && a[2] == 'T') {
                    return HttpMethod.PUT;
                }
                break;
            case 4:
                if (a[0] == 'P' && a[1] == 'O' && a[2] == 'S' && a[3] == 'T') {
                    return HttpMethod.POST;
                }
                if (a[0] == 'H' && a[1] == 'E' && a[2] == 'A' && a[3] == 'D') {
                    return HttpMethod.HEAD;
                }
                break;
            default:
                break;
        }
        // HttpMethod.valueOf returns the shared constants for the standard methods.
        return HttpMethod.valueOf(new String(a, 0, length, StandardCharsets.ISO_8859_1));
    }

    /** Records what framing needs from a field; returns whether it was a Host field. */
    private static boolean classify(Http1Head head, byte[] a, int name, int nameLength, AsciiString value)
            throws HttpParseException {
        switch (nameLength) {
            case 4:
                if (equalsLower(a, name, "host")) {
                    checkHost(value);
                    return true;
                }
                return false;
            case 6:
                if (equalsLower(a, name, "expect")) {
                    if (!isTokenList(value, true)) {
                        throw new HttpParseException(400, "malformed Expect header");
                    }
                    if (!value.contentEqualsIgnoreCase("100-continue")) {
                        throw new HttpParseException(417, "unsupported expectation: " + value);
                    }
                    head.expectContinue = !head.http10;
                }
                return false;
            case 7:
                if (equalsLower(a, name, "upgrade")) {
                    head.upgradeH2c |= containsToken(value, "h2c");
                    head.upgradeWebSocket |= containsToken(value, "websocket");
                }
                return false;
            case 10:
                if (equalsLower(a, name, "connection")) {
                    if (!isTokenList(value, false)) {
                        throw new HttpParseException(400, "malformed Connection header");
                    }
                    head.connectionClose |= containsToken(value, "close");
                    head.connectionKeepAlive |= containsToken(value, "keep-alive");
                    head.connectionUpgrade |= containsToken(value, "upgrade")
                            && containsToken(value, "http2-settings");
                }
                return false;
            case 14:
                if (equalsLower(a, name, "content-length")) {
                    long length = parseContentLength(value);
                    if (head.contentLength >= 0 && head.contentLength != length) {
                        throw new HttpParseException(400, "differing Content-Length values");
                    }
                    head.contentLength = length;
                } else if (equalsLower(a, name, "http2-settings")) {
                    head.http2Settings = value;
                    head.http2SettingsCount++;
                }
                return false;
            case 17:
                if (equalsLower(a, name, "transfer-encoding")) {
                    if (head.http10) {
                        throw new HttpParseException(400, "Transfer-Encoding in an HTTP/1.0 request");
                    }
                    parseTransferEncoding(head, value);
                }
                return false;
            default:
                return false;
        }
    }

    private static void parseTransferEncoding(Http1Head head, AsciiString value) throws HttpParseException {
        int start = 0;
        int length = value.length();
        while (start <= length) {
            int comma = value.indexOf(',', start);
            int end = comma < 0 ? length : comma;
            AsciiString coding = trimOws(value, start, end);
            if (coding.isEmpty()) {
                throw new HttpParseException(400, "empty transfer coding");
            }
            if (head.chunked) {
                throw new HttpParseException(400, "chunked must be the last transfer coding, once");
            }
            if (coding.contentEqualsIgnoreCase("chunked")) {
                head.chunked = true;
            } else if (!HttpSyntax.isToken(coding)) {
                throw new HttpParseException(400, "invalid transfer coding");
            } else {
                throw new HttpParseException(501, "unsupported transfer coding: " + coding);
            }
            if (comma < 0) {
                break;
            }
            start = comma + 1;
        }
    }

    private static long parseContentLength(AsciiString value) throws HttpParseException {
        long result = -1;
        int start = 0;
        int length = value.length();
        while (true) {
            int comma = value.indexOf(',', start);
            int end = comma < 0 ? length : comma;
            AsciiString item = trimOws(value, start, end);
            long parsed = HttpSyntax.parseDecimal(item);
            if (parsed < 0) {
                throw new HttpParseException(400, "invalid Content-Length");
            }
            if (result >= 0 && parsed != result) {
                throw new HttpParseException(400, "differing Content-Length values");
            }
            result = parsed;
            if (comma < 0) {
                return result;
            }
            start = comma + 1;
        }
    }

    private static void checkHost(AsciiString value) throws HttpParseException {
        if (!HttpSyntax.isValidAuthority(value)) {
            throw new HttpParseException(400, "invalid Host header");
        }
    }

    /**
     * Whether {@code list} is a comma-separated list of tokens with optional SP/HTAB around the commas (RFC 9110
     * 5.6.1); with {@code values}, an element may also be {@code token=token} (an Expect expectation).
     */
    private static boolean isTokenList(AsciiString list, boolean values) {
        int start = 0;
        int length = list.length();
        while (true) {
            int comma = list.indexOf(',', start);
            int end = comma < 0 ? length : comma;
            AsciiString element = trimOws(list, start, end);
            int equals = values ? element.indexOf('=', 0) : -1;
            boolean valid = equals < 0 ? HttpSyntax.isToken(element)
                    : HttpSyntax.isToken(element.subSequence(0, equals, false))
                    && HttpSyntax.isToken(element.subSequence(equals + 1, element.length(), false));
            if (!valid && !(element.isEmpty() && comma >= 0)) {
                return false;
            }
            if (comma < 0) {
                return true;
            }
            start = comma + 1;
        }
    }

    /** Whether a comma-separated list contains {@code token}, ignoring case and surrounding whitespace. */
    static boolean containsToken(AsciiString list, String token) {
        int start = 0;
        int length = list.length();
        while (start < length) {
            int comma = list.indexOf(',', start);
            int end = comma < 0 ? length : comma;
            if (trimOws(list, start, end).contentEqualsIgnoreCase(token)) {
                return true;
            }
            if (comma < 0) {
                return false;
            }
            start = comma + 1;
        }
        return false;
    }

    /**
     * The part of {@code value} in [start, end) without leading and trailing optional whitespace: only SP and HTAB
     * (RFC 9110 5.6.3), never other control bytes or bytes of 0x80 and above.
     */
    private static AsciiString trimOws(AsciiString value, int start, int end) {
        while (start < end && isOws(value.byteAt(start))) {
            start++;
        }
        while (end > start && isOws(value.byteAt(end - 1))) {
            end--;
        }
        return value.subSequence(start, end, false);
    }

    private static boolean isOws(byte b) {
        return b == SP || b == HTAB;
    }

    private static boolean equalsLower(byte[] a, int offset, String lowerName) {
        for (int i = 0; i < lowerName.length(); i++) {
            int c = a[offset + i];
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code HTTP/} appears in the first {@code end} bytes. */
    private static boolean containsHttp(byte[] a, int end) {
        for (int i = 0; i + 5 <= end; i++) {
            if (a[i] == 'H' && a[i + 1] == 'T' && a[i + 2] == 'T' && a[i + 3] == 'P' && a[i + 4] == '/') {
                return true;
            }
        }
        return false;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
