package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code Expect: 100-continue}: the body follows the 100, the timeout, or never when a final status comes first. */
class ExpectContinueTest extends ClientTestSupport {

    @Test
    void bodyIsSentAfterTheServersContinue() {
        HttpServer server = server(request -> request.response().send("got " + request.bodyAsString()));
        HttpResponse response = client().post(url(server, "/upload")).header("Expect", "100-continue")
                .body("the body").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsString()).isEqualTo("got the body");
    }

    @Test
    void finalStatusInsteadOfContinueEndsTheCall() {
        HttpServer server = server(HttpServer.builder()
                .options(o -> o.limits(l -> l.maxBodySize(10))), request -> request.response().send("no"));
        BriskClient client = client();
        HttpResponse response = client.post(url(server, "/big")).header("Expect", "100-continue")
                .body("x".repeat(1000)).send();

        assertThat(response.status()).isEqualTo(413);
        assertThat(client.get(url(server, "/next")).send().status()).isEqualTo(200);
    }

    @Test
    void rejectedBodyIsNeverWrittenAndTheConnectionStaysInStep() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread serverThread = new Thread(() -> {
                try (Socket socket = listener.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                            StandardCharsets.ISO_8859_1));
                    OutputStream out = socket.getOutputStream();
                    readHead(in, lines);
                    out.write("HTTP/1.1 417 Expectation Failed\r\nContent-Length: 0\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    readHead(in, lines); // the next request must follow at once, with no body in between
                    out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (IOException ignored) {
                    // the test fails on its own assertions
                }
            });
            serverThread.setDaemon(true);
            serverThread.start();
            BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)
                    .expectContinueTimeout(Duration.ofSeconds(30))));
            String base = "http://127.0.0.1:" + listener.getLocalPort();

            HttpResponse rejected = client.put(base + "/r").header("Expect", "100-continue").body("SECRET").send();
            HttpResponse next = client.get(base + "/next").send();

            assertThat(rejected.status()).isEqualTo(417);
            assertThat(next.bodyAsString()).isEqualTo("ok");
            assertThat(lines).anyMatch(line -> line.startsWith("PUT /r "))
                    .anyMatch(line -> line.startsWith("GET /next "))
                    .noneMatch(line -> line.contains("SECRET"));
        }
    }

    @Test
    void bodyIsSentAnywayWhenNoContinueComes() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread serverThread = new Thread(() -> {
                try (Socket socket = listener.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                            StandardCharsets.ISO_8859_1));
                    readHead(in, new CopyOnWriteArrayList<>());
                    char[] body = new char[4];
                    int n = 0;
                    while (n < 4) {
                        n += in.read(body, n, 4 - n);
                    }
                    socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n"
                            + new String(body)).getBytes(StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                } catch (IOException ignored) {
                    // the test fails on its own assertions
                }
            });
            serverThread.setDaemon(true);
            serverThread.start();
            BriskClient client = client(clientBuilder().options(o -> o.expectContinueTimeout(Duration.ofMillis(100))));

            HttpResponse response = client.post("http://127.0.0.1:" + listener.getLocalPort() + "/late")
                    .header("Expect", "100-continue").body("body").send();

            assertThat(response.bodyAsString()).isEqualTo("body");
        }
    }

    private static void readHead(BufferedReader in, List<String> lines) throws IOException {
        String line;
        while ((line = in.readLine()) != null && !line.isEmpty()) {
            lines.add(line);
        }
    }
}
