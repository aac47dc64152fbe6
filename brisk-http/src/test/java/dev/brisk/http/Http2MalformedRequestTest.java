package dev.brisk.http;

import dev.brisk.http.testing.H2Frames.Frame;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.RawH2Frames;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

import java.util.Locale;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A malformed HTTP/2 request is an error of its own stream only (RFC 9113 8.1.1): the stream is reset or answered
 * 400, and the other streams of the connection, opened before and after it, finish normally.
 */
class Http2MalformedRequestTest {

    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();
    private static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();
    private static HttpServer server;

    @BeforeAll
    static void start() {
        server = HttpServer.builder().port(0).options(o -> o.ioThreads(1)).handler(request -> {
            CALLS.computeIfAbsent(request.path(), k -> new AtomicInteger()).incrementAndGet();
            // answered a little later, so the request is still in flight when the malformed one arrives
            LATER.schedule(() -> request.response().send("ok " + request.path()), 50, TimeUnit.MILLISECONDS);
        }).start();
    }

    @AfterAll
    static void stop() {
        server.close();
        LATER.shutdownNow();
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                malformed("method that is not a token", h -> h.method("G ET")),
                malformed("NUL in the method", h -> h.method("GET\0")),
                malformed("empty method", h -> h.method("")),
                malformed("missing :path", h -> h.remove(":path")),
                malformed("empty :path", h -> h.path("")),
                malformed("relative :path", h -> h.path("relative")),
                malformed("asterisk :path for GET", h -> h.path("*")),
                malformed("invalid percent-encoding in :path", h -> h.path("/a%zz")),
                malformed("space in :path", h -> h.path("/a b")),
                malformed("missing :method", h -> h.remove(":method")),
                malformed("missing :scheme", h -> h.remove(":scheme")),
                malformed("CONNECT with :path and :scheme", h -> h.method("CONNECT")),
                malformed("CONNECT without :authority", h -> {
                    h.method("CONNECT");
                    h.remove(":path");
                    h.remove(":scheme");
                    h.remove(":authority");
                }),
                malformed("CR in a value", h -> h.add("x-a", "a\rb")),
                malformed("LF in a value", h -> h.add("x-a", "a\nb")),
                malformed("NUL in a value", h -> h.add("x-a", "a\0b")),
                malformed("CR in :authority", h -> h.authority("local\rhost")),
                malformed("leading space in a value", h -> h.add("x-a", " a")),
                malformed("upper case field name", h -> h.add("X-Upper", "a")),
                malformed("space in a field name", h -> h.add("x a", "a")),
                malformed("connection-specific field", h -> h.add("connection", "keep-alive")),
                malformed("transfer-encoding", h -> h.add("transfer-encoding", "chunked")),
                malformed("te other than trailers", h -> h.add("te", "gzip")),
                malformed("unknown pseudo-header", h -> h.add(":foo", "bar")),
                malformed("host disagreeing with :authority", h -> h.add("host", "other.example")),
                malformed("content-length with a plus sign", h -> h.add("content-length", "+0")),
                malformed("negative content-length", h -> h.add("content-length", "-1")),
                malformed("content-length that is not a number", h -> h.add("content-length", "abc")),
                malformed("content-length larger than the body", h -> h.add("content-length", "5")));
    }

    private static Arguments malformed(String name, Consumer<Http2Headers> change) {
        return Arguments.of(name, change);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void isAStreamErrorOnly(String name, Consumer<Http2Headers> change) throws Exception {
        String tag = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        try (RawH2Frames h2 = new RawH2Frames(server.port()).handshake(true)) {
            h2.headers(1, H2Frames.request("GET", "/before-" + tag), true);
            Http2Headers bad = H2Frames.request("GET", "/bad-" + tag);
            change.accept(bad);
            h2.headers(3, bad, true);
            h2.headers(5, H2Frames.request("GET", "/after-" + tag), true);

            Map<Integer, Frame> finals = new ConcurrentHashMap<>();
            while (finals.size() < 3) {
                Frame frame = h2.next(5000);
                assertThat(frame).as("connection closed or silent after %s; got %s", name, finals).isNotNull();
                assertThat(frame.type()).as("GOAWAY after %s", name).isNotEqualTo(H2Frames.GOAWAY);
                if (frame.type() == H2Frames.RST_STREAM
                        || frame.type() == H2Frames.HEADERS && frame.streamId() == 3) {
                    finals.putIfAbsent(frame.streamId(), frame);
                } else if (frame.type() == H2Frames.HEADERS) {
                    finals.put(frame.streamId(), frame);
                }
            }
            assertThat(finals.get(1).status()).isEqualTo("200");
            assertThat(finals.get(5).status()).isEqualTo("200");
            Frame third = finals.get(3);
            if (third.type() == H2Frames.RST_STREAM) {
                assertThat(third.errorCode()).isEqualTo(1L); // PROTOCOL_ERROR
            } else {
                assertThat(third.status()).isEqualTo("400");
            }
        }
        assertThat(CALLS.getOrDefault("/bad-" + tag, new AtomicInteger()).get()).isZero();
        assertThat(CALLS.get("/before-" + tag).get()).isEqualTo(1);
        assertThat(CALLS.get("/after-" + tag).get()).isEqualTo(1);
    }

    @Test
    void contentLengthSmallerThanTheBodyResetsTheStream() throws Exception {
        try (RawH2Frames h2 = new RawH2Frames(server.port()).handshake(true)) {
            Http2Headers head = H2Frames.request("POST", "/short-body");
            head.add("content-length", "2");
            h2.headers(1, head, false);
            h2.data(1, "abcdef", true);
            h2.headers(3, H2Frames.request("GET", "/after-short-body"), true);
            Frame reset = h2.await(H2Frames.RST_STREAM, 1, 5000);
            assertThat(reset).isNotNull();
            assertThat(reset.type()).isEqualTo(H2Frames.RST_STREAM);
            Frame ok = h2.await(H2Frames.HEADERS, 3, 5000);
            assertThat(ok.status()).isEqualTo("200");
        }
        assertThat(CALLS.get("/short-body")).isNull();
    }
}
