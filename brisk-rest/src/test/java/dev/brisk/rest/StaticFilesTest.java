package dev.brisk.rest;

import dev.brisk.http.CompressionOptions;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.rest.web.StaticOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import static org.assertj.core.api.Assertions.assertThat;

/** Static files and class path resources through real sockets: validators, ranges, traversal, variants, HTTP/2. */
class StaticFilesTest {

    private static final String SCRIPT = "console.log('brisk static files');\n".repeat(150);
    private static final String SECRET = "top secret outside the root";
    private static final byte[] DATA = new byte[1000];

    @TempDir
    static Path temp;
    private static BriskServer server;
    private static URLClassLoader jarLoader;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static Path assetsRoot;

    @BeforeAll
    static void start() throws IOException {
        for (int i = 0; i < DATA.length; i++) {
            DATA[i] = (byte) i;
        }
        Path root = Files.createDirectories(temp.resolve("root"));
        assetsRoot = root;
        Files.writeString(root.resolve("index.html"), "<h1>home</h1>");
        Files.writeString(root.resolve("app.js"), SCRIPT);
        Files.write(root.resolve("app.js.gz"), gzip(SCRIPT.getBytes(StandardCharsets.UTF_8)));
        Files.writeString(root.resolve("app.js.br"), "pretend brotli");
        Files.writeString(root.resolve("style.css"), "body { color: black; }\n".repeat(100));
        Files.writeString(root.resolve("app.3f9a1c2b.js"), "hashed");
        Files.write(root.resolve("data.bin"), DATA);
        Files.writeString(root.resolve(".env"), SECRET);
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub").resolve("index.html"), "<h1>sub</h1>");
        Files.createDirectories(root.resolve("empty"));
        Files.writeString(temp.resolve("secret.txt"), SECRET);
        Files.createSymbolicLink(root.resolve("link.txt"), temp.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("alias.bin"), root.resolve("data.bin"));

        Path jar = temp.resolve("assets.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("public/"));
            out.putNextEntry(new JarEntry("public/app.css"));
            out.write("h1 { font-weight: bold; }".getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new JarEntry("public/dir/"));
            out.putNextEntry(new JarEntry("public/dir/index.html"));
            out.write("<h1>from the jar</h1>".getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new JarEntry("secret.txt"));
            out.write(SECRET.getBytes(StandardCharsets.UTF_8));
        }
        jarLoader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);

        server = Brisk.server().port(0).host("127.0.0.1")
                .get("/api/hello", ctx -> ctx.send("api"))
                .web(w -> w.staticFiles("/assets", root, StaticOptions.builder().cacheControl("max-age=60").build())
                .staticFiles("/plain", root, StaticOptions.builder().precompressed(false).indexFile(null)
                        .followSymlinks(true).build()).classpathResources("/web", "webroot")
                        .classpathResources("/jar", jarLoader, "public", StaticOptions.DEFAULT)
                        .compression(CompressionOptions.DEFAULT))
                .start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (jarLoader != null) {
            jarLoader.close();
        }
    }

    static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        }
        return out.toByteArray();
    }

    private static HttpResponse<byte[]> request(HttpClient.Version version, String method, String path,
                                                String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .version(version).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        return request(HttpClient.Version.HTTP_1_1, "GET", path, headers);
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** Sends {@code target} exactly as written, which the JDK client would normalise or refuse. */
    private static String raw(String target) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void servesFilesWithTypeValidatorsAndCacheControl() throws Exception {
        HttpResponse<byte[]> response = get("/assets/app.js");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(text(response)).isEqualTo(SCRIPT);
        assertThat(header(response, "content-type")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(header(response, "etag")).startsWith("\"");
        assertThat(header(response, "last-modified")).endsWith(" GMT");
        assertThat(header(response, "accept-ranges")).isEqualTo("bytes");
        assertThat(header(response, "cache-control")).isEqualTo("max-age=60");
        assertThat(header(response, "vary")).isEqualTo("Accept-Encoding");             // a variant exists
        assertThat(header(get("/assets/app.3f9a1c2b.js"), "cache-control"))
                .isEqualTo("public, max-age=31536000, immutable");
        assertThat(header(get("/assets/data.bin"), "content-type")).isEqualTo("application/octet-stream");
        assertThat(text(get("/api/hello"))).isEqualTo("api");                           // routes still win
    }

    @Test
    void aPrecompressedVariantKeepsTheVaryOfCors() throws Exception {
        try (BriskServer cors = Brisk.server().port(0).host("127.0.0.1").web(w -> w.staticFiles("/assets", assetsRoot)
                .cors("/assets/**", CorsConfig.builder().allowedOrigins("https://app.example").build())).start()) {
            for (String encoding : new String[] {"gzip", "identity"}) {
                HttpResponse<byte[]> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        "http://127.0.0.1:" + cors.port() + "/assets/app.js")).header("Origin", "https://app.example")
                        .header("Accept-Encoding", encoding).build(), HttpResponse.BodyHandlers.ofByteArray());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(header(response, "access-control-allow-origin")).isEqualTo("https://app.example");
                assertThat(response.headers().allValues("vary")).as(encoding)
                        .containsExactly("Origin, Access-Control-Request-Method, Access-Control-Request-Headers, "
                                + "Accept-Encoding");
            }
        }
    }

    @Test
    void aNotModifiedAnswerCarriesTheValidatorsOfTheVariantTheClientHolds() throws Exception {
        HttpResponse<byte[]> gz = get("/assets/style.css", "Accept-Encoding", "gzip");
        assertThat(header(gz, "content-encoding")).isEqualTo("gzip");
        String weak = header(gz, "etag");
        assertThat(weak).startsWith("W/\"");
        // a cache revalidating the compressed variant: the 304 says which variant it is about (RFC 9110, 15.4.5)
        HttpResponse<byte[]> compressed = get("/assets/style.css", "Accept-Encoding", "gzip", "If-None-Match", weak);
        assertThat(compressed.statusCode()).isEqualTo(304);
        assertThat(header(compressed, "etag")).isEqualTo(weak);
        assertThat(header(compressed, "vary")).isEqualToIgnoringCase("accept-encoding");
        assertThat(compressed.headers().firstValue("content-length")).isEmpty();
        assertThat(compressed.headers().firstValue("content-encoding")).isEmpty();
        // a client that takes the identity variant: its strong tag and its length
        HttpResponse<byte[]> identity = get("/assets/style.css", "If-None-Match", weak);
        assertThat(identity.statusCode()).isEqualTo(304);
        assertThat(header(identity, "etag")).isEqualTo(weak.substring(2));
        assertThat(header(identity, "content-length")).isEqualTo("2300");
    }

    @Test
    void conditionalRequestsAnswer304() throws Exception {
        HttpResponse<byte[]> first = get("/assets/data.bin");
        String etag = header(first, "etag");
        String modified = header(first, "last-modified");
        HttpResponse<byte[]> byTag = get("/assets/data.bin", "If-None-Match", "\"other\", " + etag);
        assertThat(byTag.statusCode()).isEqualTo(304);
        assertThat(byTag.body()).isEmpty();
        assertThat(header(byTag, "etag")).isEqualTo(etag);
        assertThat(get("/assets/data.bin", "If-None-Match", "W/" + etag).statusCode()).isEqualTo(304);
        assertThat(get("/assets/data.bin", "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);
        assertThat(get("/assets/data.bin", "If-Modified-Since", modified).statusCode()).isEqualTo(304);
        assertThat(get("/assets/data.bin", "If-Modified-Since", "Mon, 01 Jan 2001 00:00:00 GMT").statusCode())
                .isEqualTo(200);
        // If-None-Match takes precedence over If-Modified-Since
        assertThat(get("/assets/data.bin", "If-None-Match", "\"other\"", "If-Modified-Since", modified)
                .statusCode()).isEqualTo(200);
        HttpResponse<byte[]> head = request(HttpClient.Version.HTTP_1_1, "HEAD", "/assets/data.bin");
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(header(head, "content-length")).isEqualTo("1000");
        assertThat(header(head, "etag")).isEqualTo(etag);
        assertThat(head.body()).isEmpty();
        assertThat(request(HttpClient.Version.HTTP_1_1, "HEAD", "/assets/data.bin", "If-None-Match", etag)
                .statusCode()).isEqualTo(304);
    }

    @Test
    void singleRangesAnswer206AndUnsatisfiable416() throws Exception {
        HttpResponse<byte[]> first = get("/assets/data.bin", "Range", "bytes=0-99");
        assertThat(first.statusCode()).isEqualTo(206);
        assertThat(header(first, "content-range")).isEqualTo("bytes 0-99/1000");
        assertThat(first.body()).hasSize(100).isEqualTo(Arrays.copyOfRange(DATA, 0, 100));
        HttpResponse<byte[]> suffix = get("/assets/data.bin", "Range", "bytes=-10");
        assertThat(header(suffix, "content-range")).isEqualTo("bytes 990-999/1000");
        assertThat(suffix.body()).isEqualTo(Arrays.copyOfRange(DATA, 990, 1000));
        HttpResponse<byte[]> open = get("/assets/data.bin", "Range", "bytes=900-");
        assertThat(header(open, "content-range")).isEqualTo("bytes 900-999/1000");
        assertThat(open.body()).hasSize(100);
        assertThat(header(get("/assets/data.bin", "Range", "bytes=990-5000"), "content-range"))
                .isEqualTo("bytes 990-999/1000");
        HttpResponse<byte[]> beyond = get("/assets/data.bin", "Range", "bytes=1000-");
        assertThat(beyond.statusCode()).isEqualTo(416);
        assertThat(header(beyond, "content-range")).isEqualTo("bytes */1000");
        HttpResponse<byte[]> multiple = get("/assets/data.bin", "Range", "bytes=0-1,5-6");
        assertThat(multiple.statusCode()).isEqualTo(200);                               // documented: whole body
        assertThat(multiple.body()).hasSize(1000);
        assertThat(get("/assets/data.bin", "Range", "items=0-1").statusCode()).isEqualTo(200);
    }

    @Test
    void ifRangeSendsThePartOnlyForTheSameVersion() throws Exception {
        HttpResponse<byte[]> first = get("/assets/data.bin");
        String etag = header(first, "etag");
        String modified = header(first, "last-modified");
        assertThat(get("/assets/data.bin", "Range", "bytes=0-9", "If-Range", etag).statusCode()).isEqualTo(206);
        assertThat(get("/assets/data.bin", "Range", "bytes=0-9", "If-Range", modified).statusCode()).isEqualTo(206);
        HttpResponse<byte[]> changed = get("/assets/data.bin", "Range", "bytes=0-9", "If-Range", "\"old\"");
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.body()).hasSize(1000);
        assertThat(get("/assets/data.bin", "Range", "bytes=0-9", "If-Range", "W/" + etag).statusCode())
                .isEqualTo(200);                                                         // weak never matches
    }

    @Test
    void traversalAndHiddenFilesAreRefused() throws Exception {
        String[] attempts = {"/assets/../secret.txt", "/assets/%2e%2e/secret.txt", "/assets/..%2fsecret.txt",
            "/assets/%2e%2e%2fsecret.txt", "/assets/..%5csecret.txt", "/assets/..\\secret.txt",
            "/assets/%2E%2E/%2E%2E/secret.txt", "/assets/sub/..%2f..%2fsecret.txt", "/assets/%2fetc%2fpasswd",
            "/assets//etc/passwd", "/assets/.env", "/assets/%2eenv", "/assets/link.txt", "/assets/data.bin%00.txt",
            "/assets/C:%5cWindows%5cwin.ini", "/assets/%c0%ae%c0%ae/secret.txt", "/assets/%252e%252e/secret.txt",
            "/web/../../secret.txt", "/jar/..%2fsecret.txt", "/jar/%2e%2e/secret.txt"};
        for (String attempt : attempts) {
            String response = raw(attempt);
            assertThat(response).as(attempt).matches("(?s)HTTP/1\\.1 (400|404) .*").doesNotContain(SECRET);
        }
        assertThat(get("/assets/alias.bin").statusCode()).isEqualTo(200);               // a link within the root
        assertThat(text(get("/plain/link.txt"))).isEqualTo(SECRET);                      // allowed by option
    }

    @Test
    void directoriesServeTheirIndexAndAreNeverListed() throws Exception {
        assertThat(text(get("/assets/"))).isEqualTo("<h1>home</h1>");
        assertThat(text(get("/assets/sub/"))).isEqualTo("<h1>sub</h1>");
        // a directory without its slash is redirected to it, so that the index's relative links resolve in it
        HttpResponse<byte[]> redirect = get("/assets/sub?v=2");
        assertThat(redirect.statusCode()).isEqualTo(301);
        assertThat(header(redirect, "location")).isEqualTo("/assets/sub/?v=2");
        assertThat(header(get("/assets"), "location")).isEqualTo("/assets/");
        // and a file is no directory
        assertThat(get("/assets/app.js/").statusCode()).isEqualTo(404);
        assertThat(get("/assets/empty/").statusCode()).isEqualTo(404);
        assertThat(get("/plain/sub/").statusCode()).isEqualTo(404);                     // no index file configured
        assertThat(get("/assets/missing.js").statusCode()).isEqualTo(404);
    }

    @Test
    void aPathWithoutAFileIsNoRouteWhateverTheMethod() throws Exception {
        // the file is looked up before the method matters: a miss is a 404 as when no route has the path
        for (String method : new String[] {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"}) {
            HttpResponse<byte[]> response = request(HttpClient.Version.HTTP_1_1, method, "/assets/missing.js");
            assertThat(response.statusCode()).as(method).isEqualTo(404);
            assertThat(header(response, "allow")).as(method).isNull();
        }
        assertThat(text(request(HttpClient.Version.HTTP_1_1, "POST", "/jar/missing.css"))).contains("no such file");
        // another method on a file that exists is a 405
        HttpResponse<byte[]> post = request(HttpClient.Version.HTTP_1_1, "POST", "/assets/app.js");
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(header(post, "allow")).isEqualTo("GET, HEAD, OPTIONS");
        assertThat(request(HttpClient.Version.HTTP_1_1, "DELETE", "/jar/app.css").statusCode()).isEqualTo(405);
        HttpResponse<byte[]> options = request(HttpClient.Version.HTTP_1_1, "OPTIONS", "/assets/app.js");
        assertThat(options.statusCode()).isEqualTo(200);
        assertThat(header(options, "allow")).isEqualTo("GET, HEAD, OPTIONS");
        // a directory redirected to its slash is something the mount answers
        assertThat(request(HttpClient.Version.HTTP_1_1, "POST", "/assets/sub").statusCode()).isEqualTo(405);
    }

    @Test
    void aMissOnAPathAHandlerHasForOtherMethodsIsA405() throws Exception {
        // a mount at the root under the API, as Spring Boot's; Spring MVC's handlers answer before its resources
        try (BriskServer own = Brisk.server().port(0).host("127.0.0.1")
                .web(w -> w.staticFiles("/", assetsRoot))
                .post("/api/users", ctx -> ctx.send("created"))
                .start()) {
            HttpResponse<String> get = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + own.port() + "/api/users")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(get.statusCode()).isEqualTo(405);
            assertThat(get.headers().firstValue("allow")).get().asString().contains("POST");
            HttpResponse<String> missing = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + own.port() + "/api/nothing")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(missing.statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aMissIsANoRouteExceptionForTheExceptionHandlers() throws Exception {
        try (BriskServer own = Brisk.server().port(0).host("127.0.0.1")
                .web(w -> w.staticFiles("/", assetsRoot))
                .exceptionHandler(NoRouteException.class, (ctx, e) -> ctx.status(e.status())
                        .send("no route (" + e.reason() + ") for " + ctx.request().method()))
                .start()) {
            for (String method : new String[] {"GET", "POST"}) {
                HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + own.port() + "/api/nothing")).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(method).isEqualTo(404);
                assertThat(response.body()).isEqualTo("no route (PATH) for " + method);
            }
            HttpResponse<String> file = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + own.port() + "/style.css")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(file.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void precompressedVariantsWhenAccepted() throws Exception {
        HttpResponse<byte[]> gz = get("/assets/app.js", "Accept-Encoding", "gzip");
        assertThat(header(gz, "content-encoding")).isEqualTo("gzip");
        assertThat(header(gz, "vary")).isEqualTo("Accept-Encoding");
        assertThat(header(gz, "content-type")).isEqualTo("text/javascript; charset=utf-8");
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(SCRIPT);
        }
        HttpResponse<byte[]> br = get("/assets/app.js", "Accept-Encoding", "gzip, br");
        assertThat(header(br, "content-encoding")).isEqualTo("br");
        assertThat(text(br)).isEqualTo("pretend brotli");
        assertThat(header(br, "etag")).isNotEqualTo(header(gz, "etag"));
        HttpResponse<byte[]> refused = get("/assets/app.js", "Accept-Encoding", "br;q=0, gzip;q=0");
        assertThat(header(refused, "content-encoding")).isNull();
        assertThat(text(refused)).isEqualTo(SCRIPT);
        assertThat(header(get("/plain/app.js", "Accept-Encoding", "br"), "content-encoding")).isNull();
    }

    @Test
    void filesWithoutVariantsAreCompressedOnTheFlyWhenCompressionIsOn() throws Exception {
        HttpResponse<byte[]> css = get("/assets/style.css", "Accept-Encoding", "gzip");
        assertThat(header(css, "content-encoding")).isEqualTo("gzip");
        assertThat(header(css, "etag")).startsWith("W/");
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(css.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).startsWith("body { color");
        }
        HttpResponse<byte[]> range = get("/assets/style.css", "Accept-Encoding", "gzip", "Range", "bytes=0-3");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(header(range, "content-encoding")).isNull();                          // ranges stay identity
        assertThat(text(range)).isEqualTo("body");
    }

    @Test
    void classpathResourcesFromADirectoryAndFromAJar() throws Exception {
        HttpResponse<byte[]> hello = get("/web/hello.txt");
        assertThat(hello.statusCode()).isEqualTo(200);
        assertThat(text(hello)).isEqualTo("Hello from the class path.\n");
        assertThat(header(hello, "content-type")).isEqualTo("text/plain; charset=utf-8");
        assertThat(text(get("/web/docs/"))).isEqualTo("<h1>docs</h1>\n");

        HttpResponse<byte[]> css = get("/jar/app.css");
        assertThat(css.statusCode()).isEqualTo(200);
        assertThat(text(css)).isEqualTo("h1 { font-weight: bold; }");
        assertThat(header(css, "content-type")).isEqualTo("text/css; charset=utf-8");
        String etag = header(css, "etag");
        assertThat(etag).matches("\"[0-9a-f]{32}\"");                                  // a content hash
        assertThat(get("/jar/app.css", "If-None-Match", etag).statusCode()).isEqualTo(304);
        HttpResponse<byte[]> part = get("/jar/app.css", "Range", "bytes=0-1");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(text(part)).isEqualTo("h1");
        assertThat(text(get("/jar/dir/"))).isEqualTo("<h1>from the jar</h1>");
        assertThat(header(get("/jar/dir"), "location")).isEqualTo("/jar/dir/");
        assertThat(get("/jar/").statusCode()).isEqualTo(404);                           // a directory, no index
        assertThat(get("/jar/missing.css").statusCode()).isEqualTo(404);
        assertThat(text(get("/jar/app.css"))).isEqualTo("h1 { font-weight: bold; }");   // from the cache
    }

    @Test
    void http2ServesFilesRangesAndVariants() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        URI uri = URI.create("http://127.0.0.1:" + server.port() + "/assets/data.bin");
        h2.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());    // h2c upgrade
        HttpResponse<byte[]> whole = h2.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(whole.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(whole.body()).isEqualTo(DATA);
        HttpResponse<byte[]> part = h2.send(HttpRequest.newBuilder(uri).header("Range", "bytes=10-19").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.body()).isEqualTo(Arrays.copyOfRange(DATA, 10, 20));
        HttpResponse<byte[]> notModified = h2.send(HttpRequest.newBuilder(uri)
                .header("If-None-Match", header(whole, "etag")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(notModified.statusCode()).isEqualTo(304);
        HttpResponse<byte[]> gz = h2.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/assets/app.js")).header("Accept-Encoding", "gzip").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(header(gz, "content-encoding")).isEqualTo("gzip");
    }

    @Test
    void curlRangesAndCompression() throws Exception {
        Optional<Path> curl = Stream.of("/usr/bin/curl", "/usr/local/bin/curl")
                .map(Path::of).filter(Files::isExecutable).findFirst();
        Assumptions.assumeTrue(curl.isPresent() || System.getenv("CI") != null, "no curl");
        String base = "http://127.0.0.1:" + server.port();
        assertThat(run(curl.orElseThrow().toString(), "-sS", "-r", "0-99", base + "/assets/data.bin"))
                .hasSize(100);
        assertThat(new String(run(curl.get().toString(), "-sS", "--compressed", "-H",
                "Accept-Encoding: gzip", base + "/assets/app.js"),
                StandardCharsets.UTF_8)).isEqualTo(SCRIPT);
        assertThat(new String(run(curl.get().toString(), "-sS", "--http2", "--compressed", base + "/assets/style.css"),
                StandardCharsets.UTF_8)).startsWith("body { color");
    }

    private static byte[] run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor()).isZero();
        return output;
    }
}
