package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A server started with shutdownHook(true) finishes its in-flight request when the JVM is asked to stop (SIGTERM). */
class ShutdownHookTest {

    /** The program run in a child JVM: answers every request after 500 ms. */
    public static final class SlowServer {
        public static void main(String[] args) {
            ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r);
                thread.setDaemon(true);
                return thread;
            });
            HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").shutdownHook(true)
                    .handler(request -> {
                        System.out.println("received " + request.path());
                        later.schedule(() -> request.response().send("finished during shutdown"), 500,
                                TimeUnit.MILLISECONDS);
                    }).start();
            System.out.println("listening on " + server.port());
        }
    }

    @Test
    void sigtermDrainsInFlightRequests() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                SlowServer.class.getName())).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            while (line != null && !line.startsWith("listening on ")) {
                line = out.readLine();
            }
            assertThat(line).as("child server output").isNotNull();
            int port = Integer.parseInt(line.substring("listening on ".length()).trim());
            try (RawConnection connection = new RawConnection(port)) {
                connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
                assertThat(out.readLine()).isEqualTo("received /slow");
                process.destroy();
                RawConnection.Response response = connection.read();
                assertThat(response.bodyText()).isEqualTo("finished during shutdown");
                assertThat(response.header("connection")).isEqualTo("close");
            }
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            process.destroyForcibly();
        }
    }
}
