package dev.brisk.http.reliability;

import dev.brisk.http.testing.RawH2Connection;
import dev.brisk.http.testing.RawH2Connection.Field;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static dev.brisk.http.testing.RawH2Connection.field;

/**
 * The HTTP/2 attack corpus: named malformed requests (RFC 9113 section 8.1.1), each a sequence of HEADERS and DATA
 * frames sent on one stream. Every one must end as a stream error, never a connection error.
 *
 * <p>In field values {@code {id}} stands for the request id of the malformed request, which it carries in its
 * {@code id} query parameter (where it has a {@code :path}) and in an {@code x-id} field, so that the handler would
 * count it should it ever be called.
 */
final class Http2AttackCorpus {

    /** A frame of a request. */
    sealed interface Step permits Headers, Data {
    }

    record Headers(List<Field> fields, boolean endStream) implements Step {
    }

    record Data(String data, boolean endStream) implements Step {
    }

    /** One request, sent as {@code steps}. */
    record Case(String name, String caseId, List<Step> steps) {

        /** The request id of {@code role}; with an empty role the prefix of every id of this case. */
        String id(String role) {
            return caseId + "." + role;
        }

        /** Sends the request on {@code streamId}, its id being {@code id("req")}. */
        void send(RawH2Connection h2, int streamId) throws IOException {
            for (Step step : steps) {
                if (step instanceof Headers headers) {
                    List<Field> fields = headers.fields().stream()
                            .map(f -> field(f.name(), f.value().replace("{id}", id("req")))).toList();
                    h2.headers(streamId, headers.endStream(), fields);
                } else if (step instanceof Data data) {
                    h2.data(streamId, data.endStream(), data.data());
                }
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The fields of a valid request. */
    static List<Field> valid(String method, String id) {
        return List.of(field(":method", method), field(":scheme", "http"), field(":authority", "localhost"),
                field(":path", "/?id=" + id), field("x-id", id));
    }

    private static final List<Field> GET = valid("GET", "{id}");
    private static final List<Field> POST = valid("POST", "{id}");

    private final String idPrefix;
    private final List<Case> cases = new ArrayList<>();

    private Http2AttackCorpus(String idPrefix) {
        this.idPrefix = idPrefix;
    }

    static List<Case> cases() {
        Http2AttackCorpus corpus = new Http2AttackCorpus("h2-");
        corpus.pseudoHeaders();
        corpus.fieldBytes();
        corpus.connectionSpecific();
        corpus.contentLength();
        corpus.trailersAndSize();
        return List.copyOf(corpus.cases);
    }

    /** Valid requests sent the same way, which must be answered 200. */
    static List<Case> controls() {
        Http2AttackCorpus corpus = new Http2AttackCorpus("h2-valid-");
        corpus.headers("GET", GET);
        corpus.headers("GET with host equal to :authority", plus(GET, field("host", "localhost")));
        corpus.withBody("POST with content-length", plus(POST, field("content-length", "5")), "hello");
        corpus.add("POST with trailers", new Headers(plus(POST, field("te", "trailers")), false),
                new Data("hello", false), new Headers(List.of(field("x-trailer", "y")), true));
        return List.copyOf(corpus.cases);
    }

    // ---- the corpus -------------------------------------------------------------------------------------------

    private void pseudoHeaders() {
        headers(":method G ET", set(GET, ":method", "G ET"));
        headers(":method GET and NUL", set(GET, ":method", "GET\u0000"));
        headers(":method empty", set(GET, ":method", ""));
        headers(":method missing", without(GET, ":method"));
        headers(":scheme missing", without(GET, ":scheme"));
        headers(":path missing", without(GET, ":path"));
        headers(":path relative (foo)", set(GET, ":path", "foo?id={id}"));
        headers(":path empty", set(GET, ":path", ""));
        headers(":path * for GET", set(GET, ":path", "*"));
        headers(":path with a space", set(GET, ":path", "/a b?id={id}"));
        headers(":path with %zz", set(GET, ":path", "/%zz?id={id}"));
        headers("CONNECT with :path and :scheme", set(GET, ":method", "CONNECT"));
        headers("CONNECT without :authority", List.of(field(":method", "CONNECT"), field("x-id", "{id}")));
        headers("pseudo-header after a regular field", List.of(field(":method", "GET"), field(":scheme", "http"),
                field(":authority", "localhost"), field("x-id", "{id}"), field(":path", "/?id={id}")));
        headers("duplicate :path", insert(GET, 4, field(":path", "/other?id={id}")));
        headers("duplicate :method", insert(GET, 1, field(":method", "POST")));
        headers("unknown pseudo-header :foo", insert(GET, 4, field(":foo", "bar")));
        headers("response pseudo-header :status in a request", insert(GET, 4, field(":status", "200")));
        headers("host differing from :authority", plus(GET, field("host", "evil.example")));
        headers(":authority with a space", set(GET, ":authority", "local host"));
    }

    private void fieldBytes() {
        headers("CR in a field value", plus(GET, field("x-a", "a\rb")));
        headers("LF in a field value", plus(GET, field("x-a", "a\nb")));
        headers("NUL in a field value", plus(GET, field("x-a", "a\u0000b")));
        headers("CRLF and a field in a field value", plus(GET, field("x-a", "a\r\nx-injected: 1")));
        headers("LF in :path", set(GET, ":path", "/?id={id}\nx"));
        headers("CR in :authority", set(GET, ":authority", "localhost\r"));
        headers("upper-case field name", plus(GET, field("X-Upper", "1")));
        headers("space in a field name", plus(GET, field("x a", "1")));
        headers("empty field name", plus(GET, field("", "1")));
    }

    private void connectionSpecific() {
        headers("connection: keep-alive", plus(GET, field("connection", "keep-alive")));
        headers("transfer-encoding: chunked", plus(GET, field("transfer-encoding", "chunked")));
        headers("te: gzip", plus(GET, field("te", "gzip")));
        headers("keep-alive: 5", plus(GET, field("keep-alive", "5")));
        headers("upgrade: h2c", plus(GET, field("upgrade", "h2c")));
        headers("proxy-connection: close", plus(GET, field("proxy-connection", "close")));
    }

    private void contentLength() {
        withBody("content-length 2, 5 bytes of DATA", plus(POST, field("content-length", "2")), "hello");
        withBody("content-length 10, 5 bytes of DATA", plus(POST, field("content-length", "10")), "hello");
        headers("content-length 5 without DATA", plus(POST, field("content-length", "5")));
        withBody("content-length: +5", plus(POST, field("content-length", "+5")), "hello");
        withBody("content-length: -1", plus(POST, field("content-length", "-1")), "hello");
        withBody("content-length: abc", plus(POST, field("content-length", "abc")), "hello");
        withBody("content-length: 5 and NBSP (0xA0)", plus(POST, field("content-length", "5\u00a0")), "hello");
        withBody("two differing content-length fields",
                plus(POST, field("content-length", "5"), field("content-length", "6")), "hello");
    }

    private void trailersAndSize() {
        add("trailers with :path", new Headers(POST, false), new Data("hello", false),
                new Headers(List.of(field(":path", "/trailer")), true));
        add("trailers with :status", new Headers(POST, false), new Data("hello", false),
                new Headers(List.of(field(":status", "200")), true));
        headers("header list of 9000 bytes (limit 8192)", plus(GET, field("x-big", "b".repeat(9000))));
    }

    // ---- building requests ------------------------------------------------------------------------------------

    private void headers(String name, List<Field> fields) {
        add(name, new Headers(fields, true));
    }

    private void withBody(String name, List<Field> fields, String body) {
        add(name, new Headers(fields, false), new Data(body, true));
    }

    private void add(String name, Step... steps) {
        cases.add(new Case(name, idPrefix + String.format("%03d", cases.size()), List.of(steps)));
    }

    /** {@code fields} with the value of the first field called {@code name} replaced. */
    private static List<Field> set(List<Field> fields, String name, String value) {
        List<Field> result = new ArrayList<>(fields);
        for (int i = 0; i < result.size(); i++) {
            if (result.get(i).name().equals(name)) {
                result.set(i, field(name, value));
                return List.copyOf(result);
            }
        }
        throw new IllegalArgumentException("no field " + name);
    }

    private static List<Field> without(List<Field> fields, String name) {
        return fields.stream().filter(f -> !f.name().equals(name)).toList();
    }

    private static List<Field> plus(List<Field> fields, Field... more) {
        List<Field> result = new ArrayList<>(fields);
        result.addAll(List.of(more));
        return List.copyOf(result);
    }

    private static List<Field> insert(List<Field> fields, int index, Field field) {
        List<Field> result = new ArrayList<>(fields);
        result.add(index, field);
        return List.copyOf(result);
    }
}
