package dev.brisk.http;

import dev.brisk.http.testing.Tools;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Interoperability with curl: HTTP/1.1, h2c upgrade, h2c prior knowledge, h2 over TLS, 100-continue, chunked upload. */
class CurlInteropTest {

    private static final HttpHandler ECHO = request -> request.response()
            .header("x-protocol", request.protocol().text())
            .header("x-length", String.valueOf(request.body().readableBytes()))
            .send(request.body().retain());

    private static HttpServer cleartext;
    private static HttpServer tls;
    private static String curl;

    @BeforeAll
    static void start() {
        curl = Tools.require("curl");
        cleartext = HttpServer.builder().port(0).host("127.0.0.1")
                .options(o -> o.limits(l -> l.maxBodySize(64 * 1024 * 1024))).handler(ECHO).start();
        tls = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned()).handler(ECHO).start();
    }

    @AfterAll
    static void stop() {
        if (cleartext != null) {
            cleartext.close();
            tls.close();
        }
    }

    private static Tools.Result curl(String... args) throws Exception {
        String[] command = new String[args.length + 4];
        command[0] = curl;
        command[1] = "-sS";
        command[2] = "-i";
        command[3] = "--max-time";
        System.arraycopy(args, 0, command, 4, args.length);
        return Tools.run(60, command);
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + cleartext.port() + path;
    }

    @Test
    void http11() throws Exception {
        Tools.Result result = curl("20", "--http1.1", "-d", "hello", url("/x"));
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).startsWith("HTTP/1.1 200").contains("x-protocol: HTTP/1.1").endsWith("hello");
    }

    @Test
    void h2cUpgrade() throws Exception {
        Tools.Result result = curl("20", "--http2", url("/x"));
        assertThat(result.output()).contains("HTTP/1.1 101 Switching Protocols").contains("HTTP/2 200")
                .contains("x-protocol: HTTP/2.0");
    }

    @Test
    void h2cPriorKnowledge() throws Exception {
        Tools.Result result = curl("20", "--http2-prior-knowledge", "-d", "prior", url("/x"));
        assertThat(result.output()).startsWith("HTTP/2 200").contains("x-protocol: HTTP/2.0").endsWith("prior");
    }

    @Test
    void h2OverTls() throws Exception {
        Tools.Result result = curl("20", "-k", "--http2", "-d", "secure", "https://127.0.0.1:" + tls.port() + "/x");
        assertThat(result.output()).startsWith("HTTP/2 200").endsWith("secure");
    }

    @Test
    void http11OverTls() throws Exception {
        Tools.Result result = curl("20", "-k", "--http1.1", "https://127.0.0.1:" + tls.port() + "/x");
        assertThat(result.output()).startsWith("HTTP/1.1 200").contains("x-protocol: HTTP/1.1");
    }

    @Test
    void expectContinueUpload(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("upload.bin");
        Files.write(file, new byte[3 * 1024 * 1024]);
        Tools.Result result = curl("30", "--http1.1", "-H", "Expect: 100-continue", "--data-binary", "@" + file,
                "-o", "/dev/null", "-D", "-", url("/upload"));
        assertThat(result.output()).contains("HTTP/1.1 100 Continue").contains("HTTP/1.1 200")
                .contains("x-length: " + (3 * 1024 * 1024));
    }

    @Test
    void chunkedUpload(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chunked.bin");
        Files.write(file, new byte[1024 * 1024 + 17]);
        Tools.Result result = curl("30", "--http1.1", "-H", "Transfer-Encoding: chunked", "--data-binary",
                "@" + file, "-o", "/dev/null", "-D", "-", url("/upload"));
        assertThat(result.output()).contains("HTTP/1.1 200").contains("x-length: " + (1024 * 1024 + 17));
    }
}
