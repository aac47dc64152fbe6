package dev.brisk.http.reliability;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The HTTP/1.1 attack corpus: named raw inputs, each with the statuses the server must answer before it closes the
 * connection and the requests of the input that are valid and must reach the handler once.
 *
 * <p>Inputs are written as Latin-1 strings (so {@code \u00a0} is the single byte 0xA0). In an input, {@code {id}}
 * stands for the case's id; a request's id is {@code {id}.<role>} in its {@code id} query parameter: {@code req}
 * for the request under test, {@code smuggled} for a request hidden behind it, {@code first} for a valid request
 * sent ahead of it. The server runs with a body limit of 1024 bytes and the default head limits (request line
 * 4096, header block 8192).
 */
final class Http1AttackCorpus {

    /**
     * One input.
     *
     * @param statuses the responses expected, in order, after which the server closes the connection
     * @param answered the roles of the requests that must reach the handler, once each, in response order
     */
    record Case(String name, String caseId, String request, List<Integer> statuses, List<String> answered) {

        byte[] bytes() {
            return request.replace("{id}", caseId).getBytes(StandardCharsets.ISO_8859_1);
        }

        /** The request id of {@code role}; with an empty role the prefix of every id of this case. */
        String id(String role) {
            return caseId + "." + role;
        }

        /** E.g. {@code "400, close"}, {@code "200, 400, close"} or just {@code "close"}. */
        String expectedOutcome() {
            return statuses.stream().map(s -> s + ", ").collect(Collectors.joining()) + "close";
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The body limit the server under test must be configured with. */
    static final int MAX_BODY = 1024;

    private static final String SMUGGLED = "GET /?id={id}.smuggled HTTP/1.1\r\nHost: x\r\n\r\n";
    private static final String FIRST = "GET /?id={id}.first HTTP/1.1\r\nHost: x\r\n\r\n";

    private final String idPrefix;
    private final List<Case> cases = new ArrayList<>();

    private Http1AttackCorpus(String idPrefix) {
        this.idPrefix = idPrefix;
    }

    static List<Case> cases() {
        Http1AttackCorpus corpus = new Http1AttackCorpus("h1-");
        corpus.smuggling();
        corpus.chunkedFraming();
        corpus.headerInjection();
        corpus.host();
        corpus.connectionAndExpect();
        corpus.oversize();
        corpus.versions();
        corpus.methods();
        corpus.targets();
        corpus.pipelinedGarbage();
        return List.copyOf(corpus.cases);
    }

    /** Valid inputs, each ending with {@code connection: close}, run through the same checks. */
    static List<Case> controls() {
        Http1AttackCorpus corpus = new Http1AttackCorpus("h1-valid-");
        corpus.answer("GET", get("Connection: close"), List.of(200), "req");
        corpus.answer("POST with Content-Length", post("Content-Length: 5", "Connection: close") + "hello",
                List.of(200), "req");
        corpus.answer("chunked POST with extensions and a trailer",
                post("Transfer-Encoding: chunked", "Connection: close")
                        + "5;a=b;c=\"d\"\r\nhello\r\n0\r\nX-T: y\r\n\r\n",
                List.of(200), "req");
        corpus.answer("POST with 100-continue", post("Content-Length: 5", "Expect: 100-continue", "Connection: close")
                + "hello", List.of(100, 200), "req");
        corpus.answer("two pipelined GETs", FIRST + get("Connection: close"), List.of(200, 200), "first", "req");
        corpus.answer("HTTP/1.0 GET without Host", "GET /?id={id}.req HTTP/1.0\r\n\r\n", List.of(200), "req");
        corpus.answer("absolute-form GET",
                head("GET http://example.com/?id={id}.req HTTP/1.1", "Host: example.com", "Connection: close"),
                List.of(200), "req");
        return List.copyOf(corpus.cases);
    }

    // ---- the corpus -------------------------------------------------------------------------------------------

    private void smuggling() {
        reject(400, "CL.TE: Content-Length then Transfer-Encoding",
                post("Content-Length: 6", "Transfer-Encoding: chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "TE.CL: Transfer-Encoding then Content-Length",
                post("Transfer-Encoding: chunked", "Content-Length: 6") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "two differing Content-Length fields",
                post("Content-Length: 5", "Content-Length: 50") + "hello" + SMUGGLED);
        reject(400, "differing values in one Content-Length list", post("Content-Length: 5, 50") + "hello" + SMUGGLED);
        answer("identical duplicate Content-Length, request behind connection: close",
                post("Content-Length: 5", "Content-Length: 5", "Connection: close") + "hello" + SMUGGLED,
                List.of(200), "req");
        reject(400, "Content-Length: +5", post("Content-Length: +5") + "hello" + SMUGGLED);
        reject(400, "Content-Length: -1", post("Content-Length: -1") + SMUGGLED);
        reject(400, "Content-Length: 0x10", post("Content-Length: 0x10") + "0123456789abcdef" + SMUGGLED);
        reject(400, "Content-Length: 5 between VT", post("Content-Length:\u000b5\u000b") + "hello" + SMUGGLED);
        reject(400, "Content-Length: 5 between FF", post("Content-Length:\u000c5\u000c") + "hello" + SMUGGLED);
        reject(400, "Content-Length: 5 and NBSP (0xA0)", post("Content-Length: 5\u00a0") + "hello" + SMUGGLED);
        reject(400, "Content-Length: NEL (0x85) and 5", post("Content-Length: \u00855") + "hello" + SMUGGLED);
        reject(400, "Content-Length: 5 5", post("Content-Length: 5 5") + "hello" + SMUGGLED);
        reject(400, "Content-Length: empty", post("Content-Length: ") + SMUGGLED);
        reject(400, "Content-Length of 20 digits", post("Content-Length: 18446744073709551621") + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked and NBSP (0xA0)",
                post("Transfer-Encoding: chunked\u00a0") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Content-Length, then Transfer-Encoding: chunked and NBSP (0xA0)",
                post("Content-Length: 5", "Transfer-Encoding: chunked\u00a0") + "hello" + SMUGGLED);
        reject(400, "Transfer-Encoding: NEL (0x85) and chunked",
                post("Transfer-Encoding: \u0085chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: NBSP (0xA0) and chunked",
                post("Transfer-Encoding: \u00a0chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked and VT",
                post("Transfer-Encoding: chunked\u000b") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: FF and chunked",
                post("Transfer-Encoding: \u000cchunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked, identity", post("Transfer-Encoding: chunked, identity") + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked, chunked", post("Transfer-Encoding: chunked, chunked") + SMUGGLED);
        reject(400, "two Transfer-Encoding: chunked fields",
                post("Transfer-Encoding: chunked", "Transfer-Encoding: chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked, (empty coding)", post("Transfer-Encoding: chunked,") + SMUGGLED);
        reject(501, "Transfer-Encoding: identity", post("Transfer-Encoding: identity") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding: chunked;x", post("Transfer-Encoding: chunked;x") + "0\r\n\r\n" + SMUGGLED);
        reject(501, "Transfer-Encoding: xchunked", post("Transfer-Encoding: xchunked") + "0\r\n\r\n" + SMUGGLED);
        reject(501, "Transfer-Encoding: gzip, chunked",
                post("Transfer-Encoding: gzip, chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding value in an obs-fold line",
                post("Transfer-Encoding:", " chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding hidden in an obs-fold line",
                post("Content-Length: 5", "X-Fold: a", " Transfer-Encoding: chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding : chunked (space before colon)",
                post("Content-Length: 5", "Transfer-Encoding : chunked") + "0\r\n\r\n" + SMUGGLED);
        reject(400, "whitespace before the first field line",
                head("POST /?id={id}.req HTTP/1.1", " Transfer-Encoding: chunked", "Host: x", "Content-Length: 5")
                        + "0\r\n\r\n" + SMUGGLED);
        reject(400, "Transfer-Encoding in HTTP/1.0",
                head("POST /?id={id}.req HTTP/1.0", "Host: x", "Transfer-Encoding: chunked") + "0\r\n\r\n"
                        + SMUGGLED);
    }

    private void chunkedFraming() {
        reject(400, "chunk size 0x5", chunked("0x5\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk size -5", chunked("-5\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk size of 17 hex digits (overflow)", chunked("10000000000000005\r\nhello\r\n0\r\n\r\n"));
        reject(400, "chunk size ffffffffffffffff", chunked("ffffffffffffffff\r\nhello\r\n0\r\n\r\n"));
        reject(400, "chunk size with leading space", chunked(" 5\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "empty chunk size line", chunked("\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension without name", chunked("5;\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension =value without name", chunked("5;=x\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension with unterminated quote", chunked("5;a=\"x\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension value with a space inside", chunked("5;a=b c\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension with NUL", chunked("5;a\u0000\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk extension value with byte 0xFF", chunked("5;a=\u00ff\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk data not followed by CRLF", chunked("5\r\nhelloX\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk data longer than its size", chunked("3\r\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "chunk data followed directly by the next size", chunked("5\r\nhello0\r\n\r\n") + SMUGGLED);
        reject(400, "bare LF after chunk size", chunked("5\nhello\r\n0\r\n\r\n") + SMUGGLED);
        reject(400, "bare LF after chunk data", chunked("5\r\nhello\n0\r\n\r\n") + SMUGGLED);
        reject(400, "bare LF after last chunk", chunked("5\r\nhello\r\n0\n\r\n") + SMUGGLED);
        reject(400, "bare LF ending a trailer line", chunked("5\r\nhello\r\n0\r\nX-T: y\n\r\n") + SMUGGLED);
        reject(400, "bare LF ending the trailer block", chunked("5\r\nhello\r\n0\r\n\n") + SMUGGLED);
        reject(400, "bare CR inside a trailer", chunked("5\r\nhello\r\n0\r\nX-T: a\rb\r\n\r\n") + SMUGGLED);
    }

    private void headerInjection() {
        reject(400, "bare CR in a header value", get("X-A: a\rb") + SMUGGLED);
        reject(400, "bare CR ending a header line", get("X-A: a\r\r") + SMUGGLED);
        reject(400, "bare CR as a field separator", get("X-A: a\rX-B: b") + SMUGGLED);
        reject(400, "LF in a header value", get("X-A: a\nb") + SMUGGLED);
        reject(400, "NUL in a header value", get("X-A: a\u0000b") + SMUGGLED);
        reject(400, "DEL in a header value", get("X-A: a\u007fb") + SMUGGLED);
        reject(400, "control character 0x01 in a header value", get("X-A: a\u0001b") + SMUGGLED);
        reject(400, "CR in a header name", get("X\rA: b") + SMUGGLED);
        reject(400, "LF in a header name", get("X\nA: b") + SMUGGLED);
        reject(400, "NUL in a header name", get("X\u0000A: b") + SMUGGLED);
        reject(400, "obs-fold with SP", get("X-A: a", " b") + SMUGGLED);
        reject(400, "obs-fold with HTAB", get("X-A: a", "\tb") + SMUGGLED);
        reject(400, "space in a header name", get("X A: b") + SMUGGLED);
        reject(400, "parenthesis in a header name", get("X(A): b") + SMUGGLED);
        reject(400, "slash in a header name", get("X/A: b") + SMUGGLED);
        reject(400, "byte 0xE9 in a header name", get("X\u00e9: b") + SMUGGLED);
        reject(400, "empty header name", get(": b") + SMUGGLED);
        reject(400, "header line without colon", get("NoColon") + SMUGGLED);
    }

    private void host() {
        reject(400, "Host missing", head("GET /?id={id}.req HTTP/1.1", "Accept: */*") + SMUGGLED);
        reject(400, "Host twice, differing", get("Host: y") + SMUGGLED);
        reject(400, "Host twice, identical", get("Host: x") + SMUGGLED);
        reject(400, "Host with a space", hostIs("a b"));
        reject(400, "Host with a slash", hostIs("a/b"));
        reject(400, "Host with userinfo", hostIs("a@b"));
        reject(400, "Host with a double quote", hostIs("a\"b"));
        reject(400, "Host with NUL", hostIs("a\u0000b"));
        reject(400, "Host with byte 0xE9", hostIs("\u00e9xample.com"));
        reject(400, "Host with NBSP (0xA0)", hostIs("example.com\u00a0"));
        reject(400, "Host with NEL (0x85)", hostIs("\u0085example.com"));
    }

    private void connectionAndExpect() {
        reject(400, "Connection: close and NEL (0x85)", get("Connection: close\u0085") + SMUGGLED);
        reject(400, "Connection: NBSP (0xA0) and close", get("Connection: \u00a0close") + SMUGGLED);
        reject(400, "Connection: keep-alive and NBSP (0xA0)", get("Connection: keep-alive\u00a0") + SMUGGLED);
        reject(400, "Connection: close and VT", get("Connection: close\u000b") + SMUGGLED);
        reject(400, "Connection: FF and close", get("Connection: \u000cclose") + SMUGGLED);
        reject(400, "Expect: 100-continue and NBSP (0xA0)",
                post("Content-Length: 5", "Expect: 100-continue\u00a0") + "hello" + SMUGGLED);
        reject(400, "Expect: NEL (0x85) and 100-continue",
                post("Content-Length: 5", "Expect: \u0085100-continue") + "hello" + SMUGGLED);
        reject(400, "Expect: 100-continue and VT",
                post("Content-Length: 5", "Expect: 100-continue\u000b") + "hello" + SMUGGLED);
        reject(417, "unknown expectation", post("Content-Length: 5", "Expect: teapot") + "hello" + SMUGGLED);
        reject(417, "100-continue listed with an unknown expectation",
                post("Content-Length: 5", "Expect: 100-continue, teapot") + "hello" + SMUGGLED);
    }

    private void oversize() {
        reject(414, "request line of 4200 bytes",
                head("GET /?id={id}.req&pad=" + "a".repeat(4200) + " HTTP/1.1", "Host: x"));
        reject(414, "request line that never ends", "GET /?id={id}.req&pad=" + "a".repeat(5000));
        reject(431, "header block over 8192 bytes in 100 fields",
                get(IntStream.range(0, 100).mapToObj(i -> "X-Pad-" + i + ": " + "p".repeat(90))
                        .toArray(String[]::new)));
        reject(431, "one header of 9000 bytes", get("X-Big: " + "b".repeat(9000)));
        reject(431, "2000 tiny headers", get(IntStream.range(0, 2000).mapToObj(i -> "a:b").toArray(String[]::new)));
        reject(431, "header line that never ends", get().replace("\r\n\r\n", "\r\nX-Endless: " + "e".repeat(9000)));
        reject(413, "Content-Length above the body limit", post("Content-Length: " + (MAX_BODY + 1)));
        reject(413, "Content-Length of 18 digits", post("Content-Length: 999999999999999999"));
        reject(413, "Content-Length above the limit with 100-continue",
                post("Content-Length: " + (MAX_BODY + 1), "Expect: 100-continue"));
        reject(413, "chunked body above the body limit",
                chunked(Integer.toHexString(MAX_BODY) + "\r\n" + "c".repeat(MAX_BODY) + "\r\n1\r\nc\r\n0\r\n\r\n"));
        reject(431, "trailer block over 8192 bytes",
                chunked("5\r\nhello\r\n0\r\nX-Trailer: " + "t".repeat(9000) + "\r\n\r\n"));
    }

    private void versions() {
        reject(505, "HTTP/2.0 on the HTTP/1 path", requestLine("GET /?id={id}.req HTTP/2.0"));
        reject(505, "HTTP/1.2", requestLine("GET /?id={id}.req HTTP/1.2"));
        reject(505, "HTTP/0.9 with a version", requestLine("GET /?id={id}.req HTTP/0.9"));
        reject(505, "HTTP/2 preface with a broken tail", "PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n");
        reject(400, "HTTP/01.1", requestLine("GET /?id={id}.req HTTP/01.1"));
        reject(400, "HTTP/1.1 followed by a space", requestLine("GET /?id={id}.req HTTP/1.1 "));
        reject(400, "HTTP/1", requestLine("GET /?id={id}.req HTTP/1"));
        reject(400, "missing version", requestLine("GET /?id={id}.req"));
        reject(400, "missing version, HTTP/0.9 style", "GET /?id={id}.req\r\n\r\n");
        close("lowercase http/1.1 (not HTTP: closed without an answer)", requestLine("GET /?id={id}.req http/1.1"));
    }

    private void methods() {
        reject(400, "method with @", requestLine("G@T /?id={id}.req HTTP/1.1"));
        reject(400, "method with parenthesis", requestLine("GE(T /?id={id}.req HTTP/1.1"));
        reject(400, "method with NUL", requestLine("GET\u0000 /?id={id}.req HTTP/1.1"));
        reject(400, "method with byte 0xC9", requestLine("G\u00c9T /?id={id}.req HTTP/1.1"));
        reject(400, "method followed by HTAB", requestLine("GET\t/?id={id}.req HTTP/1.1"));
        reject(400, "empty method", requestLine(" /?id={id}.req HTTP/1.1"));
        reject(400, "two spaces after the method", requestLine("GET  /?id={id}.req HTTP/1.1"));
    }

    private void targets() {
        reject(400, "space in the target", requestLine("GET /?id={id}.req&a=b c HTTP/1.1"));
        reject(400, "control character 0x01 in the target", requestLine("GET /?id={id}.req&a=\u0001 HTTP/1.1"));
        reject(400, "HTAB in the target", requestLine("GET /?id={id}.req&a=\t HTTP/1.1"));
        reject(400, "DEL in the target", requestLine("GET /?id={id}.req&a=\u007f HTTP/1.1"));
        reject(400, "byte 0xE9 in the target", requestLine("GET /?id={id}.req&a=\u00e9 HTTP/1.1"));
        reject(400, "percent-encoding %zz", requestLine("GET /%zz?id={id}.req HTTP/1.1"));
        reject(400, "truncated percent-encoding", requestLine("GET /?id={id}.req&a=%4 HTTP/1.1"));
        reject(400, "target without leading slash", requestLine("GET foo?id={id}.req HTTP/1.1"));
        reject(400, "absolute form http:/ with one slash", requestLine("GET http:/x/?id={id}.req HTTP/1.1"));
        reject(400, "absolute form with an unknown scheme", requestLine("GET ftp://x/?id={id}.req HTTP/1.1"));
        reject(400, "absolute form https:// without host", requestLine("GET https:// HTTP/1.1"));
        reject(400, "absolute form http:/// (empty host)", requestLine("GET http:///?id={id}.req HTTP/1.1"));
        reject(400, "absolute form with userinfo", requestLine("GET http://x@evil.example/?id={id}.req HTTP/1.1"));
        reject(400, "authority form for GET", requestLine("GET x:80 HTTP/1.1"));
        reject(400, "asterisk form for GET", requestLine("GET * HTTP/1.1"));
        reject(400, "CONNECT without port", requestLine("CONNECT x HTTP/1.1"));
        reject(400, "CONNECT in origin form", requestLine("CONNECT /?id={id}.req HTTP/1.1"));
    }

    private void pipelinedGarbage() {
        answer("garbage line after a valid request", FIRST + "GARBAGE\r\n\r\n" + SMUGGLED,
                List.of(200, 400), "first");
        answer("binary garbage after a valid request", FIRST + "\u0000\u0001\u0002\u00ff\u00fe\r\n\r\n" + SMUGGLED,
                List.of(200, 400), "first");
        answer("CL.TE request after a valid request",
                FIRST + post("Content-Length: 6", "Transfer-Encoding: chunked") + "0\r\n\r\n" + SMUGGLED,
                List.of(200, 400), "first");
        answer("bytes beyond Content-Length that are not a request",
                post("Content-Length: 5") + "helloXYZ\r\n\r\n" + SMUGGLED, List.of(200, 400), "req");
        answer("lowercase http/1.1 after a valid request", FIRST + requestLine("GET /?id={id}.req http/1.1"),
                List.of(200, 400), "first");
    }

    // ---- building inputs --------------------------------------------------------------------------------------

    private void reject(int status, String name, String request) {
        add(name, request, List.of(status));
    }

    private void close(String name, String request) {
        add(name, request, List.of());
    }

    private void answer(String name, String request, List<Integer> statuses, String... answeredRoles) {
        add(name, request, statuses, answeredRoles);
    }

    private void add(String name, String request, List<Integer> statuses, String... answeredRoles) {
        String caseId = idPrefix + String.format("%03d", cases.size());
        cases.add(new Case(name, caseId, request, statuses, List.of(answeredRoles)));
    }

    /** A request line, the given fields, and the empty line. */
    private static String head(String requestLine, String... fields) {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        for (String field : fields) {
            head.append(field).append("\r\n");
        }
        return head.append("\r\n").toString();
    }

    private static String requestLine(String line) {
        return head(line, "Host: x");
    }

    private static String hostIs(String host) {
        return head("GET /?id={id}.req HTTP/1.1", "Host: " + host) + SMUGGLED;
    }

    /** {@code GET /?id={id}.req} with {@code Host: x} and the given fields. */
    private static String get(String... fields) {
        return head("GET /?id={id}.req HTTP/1.1", prepend("Host: x", fields));
    }

    /** {@code POST /?id={id}.req} with {@code Host: x} and the given fields; the body follows. */
    private static String post(String... fields) {
        return head("POST /?id={id}.req HTTP/1.1", prepend("Host: x", fields));
    }

    private static String chunked(String body) {
        return post("Transfer-Encoding: chunked") + body;
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
