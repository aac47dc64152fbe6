package dev.brisk.rest;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.TracingOptions;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.Assertions;
import static org.assertj.core.api.Assertions.assertThat;

/** The access log through real sockets: formats, fields, protocols, and a logger that blocks. */
class AccessLogTest {

    @Test
    void writesACommonLineOnceTheResponseIsComplete() throws Exception {
        try (CapturedLog log = CapturedLog.of("brisk.access");
             BriskServer server = RestTestSupport.server().observability(o -> o.accessLog(AccessLogOptions.DEFAULT))
                     .get("/hello", ctx -> ctx.send("hello")).start()) {
            assertThat(RestTestSupport.get(server, "/hello?who=you").statusCode()).isEqualTo(200);
            String line = log.await(l -> l.contains("/hello"));
            assertThat(line).matches("127\\.0\\.0\\.1 - - \\[\\d\\d/\\w{3}/\\d{4}:\\d\\d:\\d\\d:\\d\\d [+-]\\d{4}] "
                    + "\"GET /hello\\?who=you HTTP/1\\.1\" 200 5");
            assertThat(log.loggers()).allMatch(l -> l.startsWith("brisk.access INFO brisk-access-log"));
        }
    }

    @Test
    void combinedAddsRefererAndUserAgentAndLogsUnroutedRequests() throws Exception {
        try (CapturedLog log = CapturedLog.of("test.combined");
             BriskServer server = RestTestSupport.server().observability(o -> o.accessLog(AccessLogOptions.builder()
                             .format(AccessLogOptions.Format.COMBINED).loggerName("test.combined").build()))
                     .get("/a", ctx -> ctx.send("a")).start()) {
            RestTestSupport.get(server, "/missing", "Referer", "http://example.com/x", "User-Agent", "probe/1.0");
            String line = log.await(l -> l.contains("/missing"));
            assertThat(line).contains("\"GET /missing HTTP/1.1\" 404 ")
                    .endsWith(" \"http://example.com/x\" \"probe/1.0\"");
        }
    }

    @Test
    void hostileHeaderValuesCannotForgeFieldsOfACombinedLine() throws Exception {
        try (CapturedLog log = CapturedLog.of("test.hostile");
             BriskServer server = RestTestSupport.server().observability(o -> o.accessLog(AccessLogOptions.builder()
                             .format(AccessLogOptions.Format.COMBINED).loggerName("test.hostile").build()))
                     .get("/h", ctx -> ctx.send("h")).start();
             Socket socket = new Socket("127.0.0.1", server.port())) {
            // a Referer ending in a backslash would swallow the closing quote; the User-Agent then appends fields
            socket.getOutputStream().write(("GET /h HTTP/1.1\r\nHost: x\r\nReferer: r\\\r\n"
                    + "User-Agent: ua\" 500 1 \"forged\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            assertThat(new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1))
                    .startsWith("HTTP/1.1 200");
            String line = log.await(l -> l.contains("/h "));
            assertThat(line).endsWith(" \"r\\x5C\" \"ua\\x22 500 1 \\x22forged\"");
            assertThat(line.chars().filter(c -> c == '"').count()).as(line).isEqualTo(6);
            ReliabilityReport.record("log injection",
                    "AccessLogTest.hostileHeaderValuesCannotForgeFieldsOfACombinedLine", "a Referer ending in a"
                            + " backslash and a User-Agent carrying quotes cannot close their fields or add fields to a"
                            + " COMBINED access log line", "line ends " + line.substring(line.indexOf(" \"r")));
        }
    }

    @Test
    void bodiesRefusedBeforeTheHandlerAreLoggedAndCounted() throws Exception {
        List<CompletedRequest> observed = new CopyOnWriteArrayList<>();
        try (CapturedLog log = CapturedLog.of("test.refused");
             BriskServer server = RestTestSupport.server().http(h -> h.options(o -> o.limits(l -> l.maxBodySize(16))))
                     .web(w -> w.compression(CompressionOptions.DEFAULT))
                     .observability(o -> o.observer(observed::add).accessLog(AccessLogOptions.builder()
                     .pattern("%m %U %s").loggerName("test.refused").build()))
                     .post("/upload", ctx -> ctx.send("stored")).start()) {
            // declared too large, and a gzip body that does not decode
            assertThat(RestTestSupport.send(server, "POST", "/upload?big", "x".repeat(100)).statusCode())
                    .isEqualTo(413);
            assertThat(log.await(l -> l.contains("/upload?big"))).isEqualTo("POST /upload?big 413");
            assertThat(RestTestSupport.send(server, "POST", "/upload?broken", "not gzip", "Content-Encoding",
                    "gzip").statusCode()).isEqualTo(400);
            assertThat(log.await(l -> l.contains("/upload?broken"))).isEqualTo("POST /upload?broken 400");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (observed.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(observed).extracting(CompletedRequest::status).containsExactlyInAnyOrder(413, 400);
        }
    }

    @Test
    void jsonLinesCarryDurationProtocolAndTraceId() throws Exception {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        try (CapturedLog log = CapturedLog.of("test.json");
             BriskServer server = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().format(AccessLogOptions.Format.JSON)
                             .loggerName("test.json").build()).tracing(TracingOptions.DEFAULT))
                     .post("/echo", ctx -> ctx.send(ctx.request().bodyAsString()))
                     .get("/get", ctx -> ctx.send("g")).start()) {
            HttpResponse<String> response = RestTestSupport.send(server, "POST", "/echo", "1234567",
                    "traceparent", traceparent, "User-Agent", "json-test");
            assertThat(response.statusCode()).isEqualTo(200);
            // the JDK client upgrades to h2c on a GET; the request after the upgrade surely runs on HTTP/2
            HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
            for (int i = 1; i <= 2; i++) {
                h2.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/get?n=" + i))
                        .build(), HttpResponse.BodyHandlers.ofString());
            }
            String line = log.await(l -> l.contains("\"bytes\":7"));
            assertThat(line).matches("\\{\"time\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\",.*")
                    .contains("\"remote\":\"127.0.0.1\"",
                    "\"method\":\"POST\"", "\"uri\":\"/echo\"", "\"status\":200", "\"durationMicros\":",
                    "\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\"", "\"userAgent\":\"json-test\"").endsWith("}");
            assertThat(log.await(l -> l.contains("/get?n=2"))).contains("\"protocol\":\"HTTP/2.0\"");
        }
    }

    @Test
    void aCompressedResponseCountsTheBytesSent() throws Exception {
        String body = "compress me ".repeat(500);
        try (CapturedLog log = CapturedLog.of("test.compressed");
             BriskServer server = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().pattern("%U %b")
                     .loggerName("test.compressed").build()))
                     .web(w -> w.compression(CompressionOptions.DEFAULT))
                     .get("/text", ctx -> ctx.response().header("content-type", "text/plain").send(body)).start()) {
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<byte[]> gzip = client.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/text?gzip"))
                    .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(gzip.headers().firstValue("content-encoding")).hasValue("gzip");
            assertThat(log.await(l -> l.startsWith("/text?gzip "))).isEqualTo("/text?gzip " + gzip.body().length);
            RestTestSupport.get(server, "/text?identity");
            assertThat(log.await(l -> l.startsWith("/text?identity "))).isEqualTo("/text?identity " + body.length());
        }
    }

    @Test
    void theClientBehindATrustedProxyIsLogged() throws Exception {
        try (CapturedLog log = CapturedLog.of("test.proxied");
             BriskServer trusting = RestTestSupport.server().protection(p -> p.trustedProxies("127.0.0.1/32"))
                     .observability(o -> o.accessLog(AccessLogOptions.builder().pattern("%a %U")
                     .loggerName("test.proxied").build()))
                     .get("/p", ctx -> ctx.send("p")).start();
             BriskServer direct = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().pattern("direct %a %U")
                     .loggerName("test.proxied").build()))
                     .get("/p", ctx -> ctx.send("p")).start()) {
            RestTestSupport.get(trusting, "/p?xff", "X-Forwarded-For", "203.0.113.9, 198.51.100.7");
            assertThat(log.await(l -> l.endsWith("/p?xff"))).isEqualTo("198.51.100.7 /p?xff");
            RestTestSupport.get(trusting, "/p?v6", "X-Forwarded-For", "2001:db8:0:0::1");
            assertThat(log.await(l -> l.endsWith("/p?v6"))).isEqualTo("2001:db8::1 /p?v6"); // RFC 5952's form
            // the proxy writes X-Forwarded-For: a Forwarded header is the client's own word
            RestTestSupport.get(trusting, "/p?forwarded", "Forwarded", "for=\"[2001:db8::1]:4711\"");
            assertThat(log.await(l -> l.endsWith("/p?forwarded"))).isEqualTo("127.0.0.1 /p?forwarded");
            RestTestSupport.get(trusting, "/p?none");
            assertThat(log.await(l -> l.endsWith("/p?none"))).isEqualTo("127.0.0.1 /p?none");
            RestTestSupport.get(trusting, "/p?unknown", "X-Forwarded-For", "unknown");
            assertThat(log.await(l -> l.endsWith("/p?unknown"))).isEqualTo("- /p?unknown");
            // without trusted proxies the reports are the client's word: the peer is logged
            RestTestSupport.get(direct, "/p?spoofed", "X-Forwarded-For", "198.51.100.7");
            assertThat(log.await(l -> l.endsWith("/p?spoofed"))).isEqualTo("direct 127.0.0.1 /p?spoofed");
        }
    }

    @Test
    void patternChoosesTheFields() throws Exception {
        try (CapturedLog log = CapturedLog.of("test.pattern");
             BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT)
                     .accessLog(AccessLogOptions.builder()
                     .pattern("%m %U %s %b %x %{X-Request-Id}i %{Absent}i 100%% %t")
                             .loggerName("test.pattern").build()))
                     .get("/p", ctx -> ctx.send(ctx.trace().orElseThrow().traceId())).start()) {
            HttpResponse<String> response = RestTestSupport.get(server, "/p", "X-Request-Id", "r-1");
            String line = log.await(l -> l.startsWith("GET /p"));
            assertThat(line).startsWith("GET /p 200 32 " + response.body() + " r-1 - 100% [")
                    .matches(".* \\[\\d\\d/\\w{3}/\\d{4}:\\d\\d:\\d\\d:\\d\\d [+-]\\d{4}]");
        }
    }

    @Test
    void requestsFromManyConnectionsAndEventLoopsEachGetTheirOwnLineOrACountedDrop() throws Exception {
        int threads = 8;
        int perThread = 60;
        // a ring of 16 slots wraps around many times; lines are never mixed up, duplicated or lost uncounted
        try (CapturedLog log = CapturedLog.of("test.many");
             BriskServer server = RestTestSupport.server().http(http -> http.options(o -> o.ioThreads(2)))
                     .observability(o -> o.accessLog(AccessLogOptions.builder().loggerName("test.many").queueSize(16)
                     .build()))
                     .get("/n", ctx -> ctx.send(ctx.request().uri())).start()) {
            ExecutorService clients = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    done.add(clients.submit(() -> {
                        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(); // own connection
                        for (int i = 0; i < perThread; i++) {
                            String uri = "/n?t=" + thread + "&i=" + i;
                            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + server.port() + uri)).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            assertThat(response.body()).isEqualTo(uri);
                        }
                        return null;
                    }));
                }
                for (Future<?> future : done) {
                    future.get(60, TimeUnit.SECONDS);
                }
            } finally {
                clients.shutdownNow();
            }
            int total = threads * perThread;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.lines().size() + server.accessLogDropped() < total && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            Set<String> seen = new HashSet<>();
            for (String line : log.lines()) {
                assertThat(line).matches("127\\.0\\.0\\.1 - - \\[[^]]+] \"GET /n\\?t=\\d&i=\\d+ HTTP/1\\.1\" 200 \\d+");
                String uri = line.substring(line.indexOf("GET ") + 4, line.indexOf(" HTTP/1.1"));
                assertThat(line).endsWith(" 200 " + uri.length());
                assertThat(seen.add(uri)).as("line written twice: %s", line).isTrue();
            }
            assertThat(seen.size() + server.accessLogDropped()).isEqualTo(total);
            assertThat(seen).isNotEmpty();
        }
    }

    @Test
    void aLongRequestTargetIsWrittenWhole() throws Exception {
        String path = "/long/" + "segment-".repeat(40) + "end";
        try (CapturedLog log = CapturedLog.of("test.long");
             BriskServer server = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().pattern("%U|%s").loggerName("test.long")
                     .build()))
                     .get("/long/**", ctx -> ctx.send("long")).start()) {
            assertThat(RestTestSupport.get(server, path + "?q=1").statusCode()).isEqualTo(200);
            assertThat(RestTestSupport.get(server, "/long/short").statusCode()).isEqualTo(200);
            assertThat(log.await(l -> l.startsWith(path))).isEqualTo(path + "?q=1|200");
            assertThat(log.await(l -> l.startsWith("/long/short"))).isEqualTo("/long/short|200");
            for (int length = 86; length <= 90; length++) { // around the longest target a line keeps in place
                String target = "/long/" + "x".repeat(length - 7) + length % 10;
                assertThat(RestTestSupport.get(server, target).statusCode()).isEqualTo(200);
                assertThat(log.await(l -> l.startsWith(target + "|"))).isEqualTo(target + "|200");
            }
        }
    }

    @Test
    void aLoggerThatBlocksNeverStallsRequestsAndDropsAreCounted() throws Exception {
        try (CapturedLog log = CapturedLog.of("test.blocked").blocking();
             BriskServer server = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().loggerName("test.blocked").queueSize(1)
                     .build()))
                     .get("/x", ctx -> ctx.send("x")).start()) {
            for (int i = 0; i < 20; i++) {
                assertThat(RestTestSupport.get(server, "/x?n=" + i).statusCode()).isEqualTo(200);
            }
            // at most one line is held by the blocked logger and two wait in the queue (its smallest size): the rest
            // were dropped
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.accessLogDropped() < 17 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(server.accessLogDropped()).isGreaterThanOrEqualTo(17);
            log.release();
            log.await(l -> l.contains("/x?n="));
        }
    }

    @Test
    void linesGoToAFileOfTheirOwnWhenOneIsGiven(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("logs/access.log"); // its directory is created
        try (CapturedLog log = CapturedLog.of("brisk.access");
             BriskServer server = RestTestSupport.server()
                     .observability(o -> o.accessLog(AccessLogOptions.builder().pattern("%m %U %s %b").file(file)
                     .build()))
                     .get("/hello", ctx -> ctx.send("hello")).start()) {
            for (int i = 0; i < 50; i++) {
                assertThat(RestTestSupport.get(server, "/hello?n=" + i).statusCode()).isEqualTo(200);
            }
            assertThat(RestTestSupport.get(server, "/hello?name=J%C3%BCrgen%20%E2%82%AC").statusCode())
                    .isEqualTo(200);
            server.close(); // writes what is queued and closes the file
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                expected.add("GET /hello?n=" + i + " 200 5");
            }
            expected.add("GET /hello?name=J%C3%BCrgen%20%E2%82%AC 200 5");
            assertThat(lines).containsExactlyElementsOf(expected);
            assertThat(log.lines()).isEmpty(); // not also to the logger
            assertThat(server.accessLogDropped()).isZero();
        }
    }

    @Test
    void aFileIsAppendedToAcrossRestarts(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("access.log");
        AccessLogOptions options = AccessLogOptions.builder().pattern("%U").file(file).build();
        for (String run : List.of("/first", "/second")) {
            try (BriskServer server = RestTestSupport.server().observability(o -> o.accessLog(options))
                    .get("/{name}", ctx -> ctx.send("x")).start()) {
                assertThat(RestTestSupport.get(server, run).statusCode()).isEqualTo(200);
            }
        }
        assertThat(Files.readAllLines(file)).containsExactly("/first", "/second");
    }

    @Test
    void aFileThatCannotBeOpenedStopsTheServerFromStarting(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path blocker = Files.writeString(dir.resolve("logs"), "a file, not a directory");
        Path file = blocker.resolve("access.log");
        BriskServer.Builder builder = RestTestSupport.server()
                .observability(o -> o.accessLog(AccessLogOptions.builder().file(file).build()))
                .get("/x", ctx -> ctx.send("x"));
        Assertions.assertThatThrownBy(builder::start)
                .hasStackTraceContaining("access log: cannot open " + file + " for appending");
    }

    @Test
    void rotationNeedsAFileAndHistoryCannotBeNegative() {
        Assertions.assertThatThrownBy(() -> AccessLogOptions.builder()
                        .rotation(AccessLogOptions.Rotation.DAILY).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rotation DAILY needs a file");
        Assertions.assertThatThrownBy(() -> AccessLogOptions.builder()
                        .file(Path.of("access.log")).maxHistory(-1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxHistory must not be negative: -1");
    }

    @Test
    void offByDefault() throws Exception {
        try (CapturedLog log = CapturedLog.of("brisk.access");
             BriskServer server = RestTestSupport.server().get("/quiet", ctx -> ctx.send("q")).start()) {
            RestTestSupport.get(server, "/quiet");
            server.close();   // would flush the log if there were one
            assertThat(log.lines()).isEmpty();
            assertThat(server.accessLogDropped()).isZero();
        }
    }
}
