package dev.brisk.spring.boot.sample;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.SchedulerState;
import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.http.server.LocalTestWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import java.util.Arrays;
import static org.assertj.core.api.Assertions.assertThat;

/** Each honoured {@code server.*} and {@code brisk.*} property, on the sample application started for real. */
class ServerPropertiesTest {

    private static ConfigurableApplicationContext run(String... properties) {
        // as command line arguments: they win over the sample's application.properties
        String[] args = Arrays.stream(properties).map(p -> "--" + p).toArray(String[]::new);
        return new SpringApplicationBuilder(SampleApplication.class)
                .properties("server.port=0", "logging.level.root=warn").run(args);
    }

    private static BriskServer brisk(ConfigurableApplicationContext context) {
        return ((BriskWebServer) ((WebServerApplicationContext) context).getWebServer()).server().orElseThrow();
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    private static HttpResponse<String> send(HttpClient client, String uri, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10));
        request.method(body == null ? "GET" : "POST", body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static final HttpClient HTTP1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void addressContextPathAndServerHeader() throws Exception {
        try (ConfigurableApplicationContext context = run("server.address=127.0.0.1", "brisk.context-path=/api",
                "server.server-header=SampleServer")) {
            assertThat(brisk(context).http().options().host()).isEqualTo("127.0.0.1");
            String base = "http://127.0.0.1:" + port(context);
            HttpResponse<String> hello = send(HTTP1, base + "/api/hello", null);
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).isEqualTo("Hello, World!");
            assertThat(hello.headers().firstValue("server")).contains("SampleServer");
            assertThat(send(HTTP1, base + "/hello", null).statusCode()).isEqualTo(404);
            assertThat(LocalTestWebServer.obtain(context).uri()).isEqualTo("http://localhost:" + port(context) + "/api");
        }
    }

    @Test
    void servletContextPathIsHonouredToo() throws Exception {
        try (ConfigurableApplicationContext context = run("server.servlet.context-path=/app/")) {
            assertThat(send(HTTP1, "http://127.0.0.1:" + port(context) + "/app/hello", null).statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void requestHeaderAndBodyLimits() throws Exception {
        try (ConfigurableApplicationContext context = run("server.max-http-request-header-size=1KB",
                "brisk.limits.max-body-size=64B", "brisk.limits.max-initial-line-length=200")) {
            String base = "http://127.0.0.1:" + port(context);
            assertThat(send(HTTP1, base + "/hello", null, "x-big", "y".repeat(2000)).statusCode()).isEqualTo(431);
            String body = "{\"name\":\"" + "n".repeat(100) + "\",\"email\":\"a@example.com\"}";
            assertThat(send(HTTP1, base + "/users", body, "content-type", "application/json").statusCode())
                    .isEqualTo(413);
            assertThat(send(HTTP1, base + "/hello?q=" + "q".repeat(300), null).statusCode()).isEqualTo(414);
        }
    }

    @Test
    void http2CanBeSwitchedOff() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        try (ConfigurableApplicationContext on = run("server.http2.enabled=true")) {
            HttpResponse<String> response = send(h2, "http://127.0.0.1:" + port(on) + "/hello", null);
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
        }
        try (ConfigurableApplicationContext off = run("server.http2.enabled=false")) {
            HttpResponse<String> response = send(h2, "http://127.0.0.1:" + port(off) + "/hello", null);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(brisk(off).http().options().http2().enabled()).isFalse();
        }
    }

    @Test
    void tlsFromPemFiles(@TempDir Path dir) throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        SelfSignedCertificate.PemFiles pem = certificate.writePem(dir);
        try (ConfigurableApplicationContext context = run("server.ssl.certificate=file:" + pem.certificate(),
                "server.ssl.certificate-private-key=file:" + pem.privateKey())) {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("server", certificate.certificate());
            TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(
                    TrustManagerFactory.getDefaultAlgorithm());
            trustManagers.init(trust);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, trustManagers.getTrustManagers(), null);
            HttpClient client = HttpClient.newBuilder().sslContext(ssl).build();
            HttpResponse<String> hello = send(client, "https://localhost:" + port(context) + "/hello", null);
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(LocalTestWebServer.obtain(context).uri()).startsWith("https://");
        }
    }

    @Test
    void briskProperties() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.io-threads=3", "brisk.transport=nio",
                "brisk.default-scheduler=worker", "brisk.controller-scheduler=io", "brisk.worker.threads=3", "brisk.worker.queue-size=10",
                "brisk.worker.max-queue-time=2s", "brisk.idle-timeout=7s", "brisk.max-connections=100",
                "brisk.format-parameter=as", "brisk.http2.max-concurrent-streams=16", "brisk.sse-max-pending=64KB",
                "brisk.http2.max-frame-size=32KB", "brisk.limits.max-connection-buffer=8MB",
                "brisk.settings-ack-timeout=4s", "brisk.virtual.max-concurrency=50")) {
            BriskServer server = brisk(context);
            assertThat(server.http().options().ioThreads()).isEqualTo(3);
            assertThat(server.http().transport()).isEqualTo(Transport.NIO);
            assertThat(server.http().options().idleTimeout()).isEqualTo(Duration.ofSeconds(7));
            assertThat(server.http().options().maxConnections()).isEqualTo(100);
            assertThat(server.http().options().http2().maxConcurrentStreams()).isEqualTo(16);
            assertThat(server.http().options().http2().maxFrameSize()).isEqualTo(32 * 1024);
            assertThat(server.http().options().limits().maxConnectionBuffer()).isEqualTo(8L * 1024 * 1024);
            assertThat(server.http().options().settingsAckTimeout()).isEqualTo(Duration.ofSeconds(4));
            assertThat(server.options().virtualMaxConcurrency()).isEqualTo(50);
            assertThat(server.options().defaultScheduler()).isEqualTo("worker");
            assertThat(server.options().controllerScheduler()).isEqualTo("io");
            assertThat(server.options().maxQueueTime()).isEqualTo(Duration.ofSeconds(2));
            assertThat(server.options().formatParameter()).isEqualTo("as");
            assertThat(server.options().sseMaxPending()).isEqualTo(64 * 1024);
            SchedulerState worker = server.schedulers().stream().filter(s -> s.name().equals("worker")).findFirst()
                    .orElseThrow();
            assertThat(worker.threads()).isEqualTo(3);
            assertThat(worker.queueCapacity()).isEqualTo(10);
            assertThat(send(HTTP1, "http://127.0.0.1:" + port(context) + "/greetings/Bo", null).body())
                    .contains("Hello, Bo!");
        }
    }

    @Test
    void noWebServerWhenTheApplicationTypeIsNone() {
        try (ConfigurableApplicationContext context = run("spring.main.web-application-type=none")) {
            assertThat(((WebServerApplicationContext) context).getWebServer()).isNull();
            assertThat(context.getBean(GreetingService.class)).isNotNull();
        }
    }
}
