package dev.brisk.http;

import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without Netty's native QUIC library (here: its jar left off the class path of a JVM of its own), turning HTTP/3 on
 * fails at start naming the cause, and a server without HTTP/3 works as before.
 */
class Http3UnavailableTest {

    @Test
    void enablingHttp3FailsNamingTheCauseAndTheRestWorks() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("netty-codec-native-quic"))
                .collect(Collectors.joining(File.pathSeparator));
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output).as(output).contains(
                "available false",
                "start failed: java.lang.IllegalStateException: HTTP/3 needs QUIC, which is not available: "
                        + "QUIC is not available on " + System.getProperty("os.name") + "/"
                        + System.getProperty("os.arch") + ": ",
                "without http3: started");
        assertThat(process.exitValue()).as(output).isZero();
    }

    /** Runs in the JVM without the native library. */
    public static final class Main {
        public static void main(String[] args) {
            System.out.println("available " + QuicAvailability.isAvailable());
            TlsOptions tls = TlsOptions.selfSigned();
            try {
                HttpServer.builder().port(0).host("127.0.0.1").tls(tls).options(o -> o.http3(h -> h.enabled(true)))
                        .handler(request -> request.response().send()).start().close();
                System.out.println("started with http3");
            } catch (RuntimeException e) {
                System.out.println("start failed: " + e);
            }
            HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").tls(tls)
                    .handler(request -> request.response().send()).start();
            System.out.println("without http3: started");
            server.close();
        }
    }
}
