package dev.brisk.http.reliability;

import dev.brisk.http.testing.Http3Wire;
import dev.brisk.http.testing.Http3Wire.Field;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.brisk.http.testing.Http3Wire.concat;
import static dev.brisk.http.testing.Http3Wire.data;
import static dev.brisk.http.testing.Http3Wire.field;
import static dev.brisk.http.testing.Http3Wire.frame;
import static dev.brisk.http.testing.Http3Wire.headers;

/**
 * The HTTP/3 attack corpus, in three parts:
 * <ul>
 *   <li>{@link #cases()}: malformed requests (RFC 9114 section 4.1.2), each the bytes of one request stream, written
 *       by hand ({@link Http3Wire}: literal QPACK field lines, so any name and value reaches the server as it is).
 *       Every one must end as a stream error (RESET_STREAM with H3_MESSAGE_ERROR, or a 4xx response: 431 for a
 *       header section over the limit), never a connection error;</li>
 *   <li>{@link #ignored()}: requests with frames of unknown types, which the server must ignore (section 9) and
 *       answer 200;</li>
 *   <li>{@link #connectionErrors()}: what HTTP/3 makes a connection error (frames out of place, SETTINGS, critical
 *       streams, QPACK references to a table the server never allowed): the connection is closed with the error code
 *       the RFC names, and the server goes on serving other connections.</li>
 * </ul>
 *
 * <p>In field values {@code {id}} stands for the request id of the malformed request, which it carries in its
 * {@code id} query parameter (where it has a {@code :path}) and in an {@code x-id} field, so that the handler would
 * count it should it ever be called.
 */
final class Http3AttackCorpus {

    /** One request stream's bytes, {@code {id}} standing for its request id. */
    record Case(String name, String caseId, List<Object> frames) {

        /** The request id of {@code role}; with an empty role the prefix of every id of this case. */
        String id(String role) {
            return caseId + "." + role;
        }

        /** The bytes of the request stream. */
        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Object frame : frames) {
                if (frame instanceof byte[] bytes) {
                    out.writeBytes(bytes);
                } else {
                    @SuppressWarnings("unchecked")
                    List<Field> fields = (List<Field>) frame;
                    out.writeBytes(headers(fields.stream()
                            .map(f -> field(f.name(), f.value().replace("{id}", id("req")))).toList()));
                }
            }
            return out.toByteArray();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Where a connection error is provoked. */
    enum Where {
        /** On a request stream, the client's HTTP/3 otherwise well-behaved. */
        REQUEST_STREAM,
        /** On the client's control stream, after its SETTINGS. */
        CONTROL_STREAM,
        /** On a unidirectional stream the client opens, with no HTTP/3 of its own on the connection. */
        NEW_UNIDIRECTIONAL_STREAM,
        /** On a unidirectional stream the client opens beside those of its HTTP/3. */
        EXTRA_UNIDIRECTIONAL_STREAM
    }

    /** Bytes that must close the connection with {@code errorCode}. */
    record ConnectionError(String name, Where where, byte[] bytes, boolean fin, long errorCode) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final long H3_STREAM_CREATION_ERROR = 0x103;
    static final long H3_CLOSED_CRITICAL_STREAM = 0x104;
    static final long H3_FRAME_UNEXPECTED = 0x105;
    static final long H3_EXCESSIVE_LOAD = 0x107;
    static final long H3_SETTINGS_ERROR = 0x109;
    static final long H3_MISSING_SETTINGS = 0x10a;
    static final long H3_MESSAGE_ERROR = 0x10e;
    static final long QPACK_DECOMPRESSION_FAILED = 0x200;
    static final long QPACK_ENCODER_STREAM_ERROR = 0x201;

    /** The fields of a valid request. */
    static List<Field> valid(String method, String id) {
        return List.of(field(":method", method), field(":scheme", "https"), field(":authority", "localhost"),
                field(":path", "/?id=" + id), field("x-id", id));
    }

    private static final List<Field> GET = valid("GET", "{id}");
    private static final List<Field> POST = valid("POST", "{id}");

    private final String idPrefix;
    private final List<Case> cases = new ArrayList<>();

    private Http3AttackCorpus(String idPrefix) {
        this.idPrefix = idPrefix;
    }

    static List<Case> cases() {
        Http3AttackCorpus corpus = new Http3AttackCorpus("h3-");
        corpus.pseudoHeaders();
        corpus.fieldBytes();
        corpus.connectionSpecific();
        corpus.contentLength();
        corpus.trailersAndSize();
        return List.copyOf(corpus.cases);
    }

    /** Valid requests sent the same way, which must be answered 200. */
    static List<Case> controls() {
        Http3AttackCorpus corpus = new Http3AttackCorpus("h3-valid-");
        corpus.add("GET", GET);
        corpus.add("GET with host equal to :authority", plus(GET, field("host", "localhost")));
        corpus.add("POST with content-length", plus(POST, field("content-length", "5")), data("hello"));
        corpus.add("POST with trailers", POST, data("hello"), List.of(field("x-trailer", "y")));
        corpus.add("GET with te: trailers", plus(GET, field("te", "trailers")));
        return List.copyOf(corpus.cases);
    }

    /** Frames of unknown types (RFC 9114 section 9): ignored, the request answered 200. */
    static List<Case> ignored() {
        Http3AttackCorpus corpus = new Http3AttackCorpus("h3-unknown-");
        corpus.add("unknown frame type 0x21 (reserved) before HEADERS", frame(0x21, new byte[10]), GET);
        corpus.add("unknown frame type 0x30 between HEADERS and DATA", POST, frame(0x30, new byte[100]),
                data("hello"));
        corpus.add("reserved frame type 0x40 of 100 KiB before HEADERS", frame(0x40, new byte[100 * 1024]), GET);
        corpus.add("unknown frame type 0x3fff of 1 MiB after DATA", POST, data("hello"),
                frame(0x3fff, new byte[1024 * 1024]));
        corpus.add("empty unknown frames, 1,000 of them", concat(repeat(frame(0x22, new byte[0]), 1000)), GET);
        corpus.add("empty DATA frame", POST, data(""), data("hello"));
        return List.copyOf(corpus.cases);
    }

    static List<ConnectionError> connectionErrors() {
        byte[] settingsOk = Http3Wire.settings();
        return List.of(
                new ConnectionError("DATA before HEADERS", Where.REQUEST_STREAM, concat(data("x"),
                        headers(valid("GET", "x"))), true, H3_FRAME_UNEXPECTED),
                new ConnectionError("SETTINGS on a request stream", Where.REQUEST_STREAM, settingsOk, true,
                        H3_FRAME_UNEXPECTED),
                new ConnectionError("GOAWAY on a request stream", Where.REQUEST_STREAM,
                        frame(Http3Wire.GOAWAY, new byte[] {0}), true, H3_FRAME_UNEXPECTED),
                new ConnectionError("HTTP/2 frame type 0x02 (PRIORITY) on a request stream", Where.REQUEST_STREAM,
                        frame(0x02, new byte[5]), true, H3_FRAME_UNEXPECTED),
                new ConnectionError("PUSH_PROMISE from the client", Where.REQUEST_STREAM,
                        frame(0x05, concat(new byte[] {0}, Http3Wire.fieldSection(valid("GET", "x")))), true,
                        H3_FRAME_UNEXPECTED),
                new ConnectionError("QPACK: a field line referencing a dynamic table of capacity 0",
                        Where.REQUEST_STREAM, frame(Http3Wire.HEADERS, new byte[] {0x02, 0x00, (byte) 0x80}), true,
                        QPACK_DECOMPRESSION_FAILED),
                new ConnectionError("QPACK: 8,000 one-byte static-table references decoding to 512 KB (bomb)",
                        Where.REQUEST_STREAM, frame(Http3Wire.HEADERS, staticBomb(8000)), true, H3_EXCESSIVE_LOAD),
                new ConnectionError("second SETTINGS on the control stream", Where.CONTROL_STREAM, settingsOk,
                        false, H3_FRAME_UNEXPECTED),
                new ConnectionError("DATA on the control stream", Where.CONTROL_STREAM, data("x"), false,
                        H3_FRAME_UNEXPECTED),
                new ConnectionError("control stream closed", Where.NEW_UNIDIRECTIONAL_STREAM,
                        concat(new byte[] {Http3Wire.CONTROL_STREAM}, settingsOk), true, H3_CLOSED_CRITICAL_STREAM),
                new ConnectionError("HTTP/2 setting 0x02 (ENABLE_PUSH) in SETTINGS",
                        Where.NEW_UNIDIRECTIONAL_STREAM, concat(new byte[] {Http3Wire.CONTROL_STREAM},
                                Http3Wire.settings(0x02, 0)), false, H3_SETTINGS_ERROR),
                new ConnectionError("a setting given twice", Where.NEW_UNIDIRECTIONAL_STREAM,
                        concat(new byte[] {Http3Wire.CONTROL_STREAM}, Http3Wire.settings(0x06, 100, 0x06, 200)),
                        false, H3_SETTINGS_ERROR),
                new ConnectionError("control stream that starts without SETTINGS", Where.NEW_UNIDIRECTIONAL_STREAM,
                        concat(new byte[] {Http3Wire.CONTROL_STREAM}, frame(Http3Wire.GOAWAY, new byte[] {0})),
                        false, H3_MISSING_SETTINGS),
                new ConnectionError("QPACK encoder stream setting a table capacity over the server's 0",
                        Where.NEW_UNIDIRECTIONAL_STREAM, new byte[] {0x02, 0x3f, (byte) 0xe1, 0x1f}, false,
                        QPACK_ENCODER_STREAM_ERROR),
                new ConnectionError("second control stream", Where.EXTRA_UNIDIRECTIONAL_STREAM,
                        concat(new byte[] {Http3Wire.CONTROL_STREAM}, settingsOk), false, H3_STREAM_CREATION_ERROR));
    }

    /**
     * A field section of {@code count} indexed field lines, each one byte referencing static table entry 31
     * ({@code accept-encoding: gzip, deflate, br}, 64 bytes as the limit counts them).
     */
    private static byte[] staticBomb(int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(0);
        for (int i = 0; i < count; i++) {
            Http3Wire.writePrefixed(out, 0xC0, 6, 31); // 1 T=1 (static), 6-bit index
        }
        return out.toByteArray();
    }

    // ---- the corpus -------------------------------------------------------------------------------------------

    private void pseudoHeaders() {
        add(":method G ET", set(GET, ":method", "G ET"));
        add(":method GET and NUL", set(GET, ":method", "GET\u0000"));
        add(":method empty", set(GET, ":method", ""));
        add(":method missing", without(GET, ":method"));
        add(":scheme missing", without(GET, ":scheme"));
        add(":path missing", without(GET, ":path"));
        add(":path relative (foo)", set(GET, ":path", "foo?id={id}"));
        add(":path empty", set(GET, ":path", ""));
        add(":path * for GET", set(GET, ":path", "*"));
        add(":path with a space", set(GET, ":path", "/a b?id={id}"));
        add(":path with %zz", set(GET, ":path", "/%zz?id={id}"));
        add("CONNECT with :path and :scheme", set(GET, ":method", "CONNECT"));
        add("CONNECT without :authority", List.of(field(":method", "CONNECT"), field("x-id", "{id}")));
        add("pseudo-header after a regular field", List.of(field(":method", "GET"), field(":scheme", "https"),
                field(":authority", "localhost"), field("x-id", "{id}"), field(":path", "/?id={id}")));
        add("duplicate :path", insert(GET, 4, field(":path", "/other?id={id}")));
        add("duplicate :method", insert(GET, 1, field(":method", "POST")));
        add("unknown pseudo-header :foo", insert(GET, 4, field(":foo", "bar")));
        add("response pseudo-header :status in a request", insert(GET, 4, field(":status", "200")));
        add("host differing from :authority", plus(GET, field("host", "evil.example")));
        add(":authority with a space", set(GET, ":authority", "local host"));
        add("neither :authority nor host", without(GET, ":authority"));
    }

    private void fieldBytes() {
        add("CR in a field value", plus(GET, field("x-a", "a\rb")));
        add("LF in a field value", plus(GET, field("x-a", "a\nb")));
        add("NUL in a field value", plus(GET, field("x-a", "a\u0000b")));
        add("CRLF and a field in a field value", plus(GET, field("x-a", "a\r\nx-injected: 1")));
        add("LF in :path", set(GET, ":path", "/?id={id}\nx"));
        add("CR in :authority", set(GET, ":authority", "localhost\r"));
        add("upper-case field name", plus(GET, field("X-Upper", "1")));
        add("space in a field name", plus(GET, field("x a", "1")));
        add("colon inside a field name", plus(GET, field("x:a", "1")));
        add("empty field name", plus(GET, field("", "1")));
    }

    private void connectionSpecific() {
        add("connection: keep-alive", plus(GET, field("connection", "keep-alive")));
        add("transfer-encoding: chunked", plus(GET, field("transfer-encoding", "chunked")));
        add("te: gzip", plus(GET, field("te", "gzip")));
        add("keep-alive: 5", plus(GET, field("keep-alive", "5")));
        add("upgrade: h3", plus(GET, field("upgrade", "h3")));
        add("proxy-connection: close", plus(GET, field("proxy-connection", "close")));
    }

    private void contentLength() {
        add("content-length 2, 5 bytes of DATA", plus(POST, field("content-length", "2")), data("hello"));
        add("content-length 10, 5 bytes of DATA", plus(POST, field("content-length", "10")), data("hello"));
        add("content-length 5 without DATA", plus(POST, field("content-length", "5")));
        add("content-length: +5", plus(POST, field("content-length", "+5")), data("hello"));
        add("content-length: -1", plus(POST, field("content-length", "-1")), data("hello"));
        add("content-length: abc", plus(POST, field("content-length", "abc")), data("hello"));
        add("content-length: 5 and NBSP (0xA0)", plus(POST, field("content-length", "5\u00a0")), data("hello"));
        add("two differing content-length fields",
                plus(POST, field("content-length", "5"), field("content-length", "6")), data("hello"));
    }

    private void trailersAndSize() {
        add("trailers with :path", POST, data("hello"), List.of(field(":path", "/trailer")));
        add("trailers with :status", POST, data("hello"), List.of(field(":status", "200")));
        add("field section of 9,000 bytes (limit 8192)", plus(GET, field("x-big", "b".repeat(9000))));
        add("field section of 1 MiB, dropped as it arrives", plus(GET, field("x-huge", "h".repeat(1 << 20))));
        add("2,000 fields of one byte: 8 KB encoded, 68 KB as the limit counts",
                plus(GET, manyFields(2000)));
        add("trailer section of 9,000 bytes", POST, data("hello"), List.of(field("x-big", "b".repeat(9000))));
        add("HEADERS frame announcing 2^62-1 bytes", concat(headers(GET), new byte[] {
                0x01, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                (byte) 0xff}));
    }

    // ---- building requests ------------------------------------------------------------------------------------

    private void add(String name, Object... frames) {
        cases.add(new Case(name, idPrefix + String.format("%03d", cases.size()), List.of(frames)));
    }

    private static byte[][] repeat(byte[] bytes, int times) {
        byte[][] result = new byte[times][];
        Arrays.fill(result, bytes);
        return result;
    }

    private static Field[] manyFields(int count) {
        Field[] fields = new Field[count];
        for (int i = 0; i < count; i++) {
            fields[i] = field("a", "b");
        }
        return fields;
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
