package dev.brisk.http;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import java.net.http.HttpRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link ServerOptions}: defaults, a builder for every component, errors naming the component and the value. */
class ServerOptionsTest {

    @Test
    void defaultsAreThoseHttpServerBuilderDocuments() {
        ServerOptions defaults = ServerOptions.DEFAULT;
        assertThat(defaults.host()).isEqualTo("0.0.0.0");
        assertThat(defaults.port()).isEqualTo(8080);
        assertThat(defaults.ioThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(defaults.transport()).isEqualTo(Transport.AUTO);
        assertThat(defaults.backlog()).isEqualTo(1024);
        assertThat(defaults.idleTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.handshakeTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.headerReadTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.bodyReadTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.minBodyDataRate()).isZero();
        assertThat(defaults.writeTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.settingsAckTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.limits()).isEqualTo(HttpLimits.DEFAULT);
        assertThat(defaults.maxKeepAliveRequests()).isEqualTo(Integer.MAX_VALUE);
        assertThat(defaults.tls()).isEmpty();
        assertThat(defaults.http2()).isEqualTo(Http2Options.DEFAULT);
        assertThat(defaults.writeBufferLowWaterMark()).isEqualTo(32 * 1024);
        assertThat(defaults.writeBufferHighWaterMark()).isEqualTo(64 * 1024);
        assertThat(defaults.maxConnections()).isEqualTo(10_000);
        assertThat(defaults.serverHeader()).isEmpty();
        assertThat(defaults.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.shutdownHook()).isFalse();
        assertThat(defaults.maxConnectionRate()).isZero();
        assertThat(ServerOptions.builder().build()).isEqualTo(defaults);
        assertThat(HttpServer.builder().options()).isEqualTo(defaults);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        TlsOptions tls = TlsOptions.selfSigned();
        ServerOptions options = ServerOptions.builder().host("127.0.0.1").port(9090).ioThreads(3)
                .transport(Transport.NIO).backlog(7).idleTimeout(Duration.ofSeconds(1))
                .handshakeTimeout(Duration.ofSeconds(2)).headerReadTimeout(Duration.ofSeconds(3))
                .bodyReadTimeout(Duration.ofSeconds(4)).minBodyDataRate(5).writeTimeout(Duration.ofSeconds(6))
                .settingsAckTimeout(Duration.ofSeconds(7)).limits(HttpLimits.builder().maxBodySize(8).build())
                .maxKeepAliveRequests(9).tls(tls).http2(Http2Options.DISABLED).writeBufferLowWaterMark(10)
                .writeBufferHighWaterMark(11).maxConnections(12).serverHeader("brisk")
                .shutdownTimeout(Duration.ofSeconds(13)).shutdownDelay(Duration.ofSeconds(15)).shutdownHook(true)
                .maxConnectionRate(14).build();
        assertThat(options).isEqualTo(new ServerOptions("127.0.0.1", 9090, 3, Transport.NIO, 7, Duration.ofSeconds(1),
                Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(4), 5, Duration.ofSeconds(6),
                Duration.ofSeconds(7), HttpLimits.builder().maxBodySize(8).build(), 9, Optional.of(tls),
                Http2Options.DISABLED, Http3Options.DEFAULT, 10, 11, 12, Optional.of("brisk"), Duration.ofSeconds(13), Duration.ofSeconds(15),
                true, 14));
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.toBuilder().tls(Optional.empty()).serverHeader(Optional.empty()).build().tls()).isEmpty();
        assertThat(HttpServer.builder().options(options).options()).isEqualTo(options);
    }

    @Test
    void theServerBuilderChangesOptionsInPlace() {
        ServerOptions options = HttpServer.builder().options(ServerOptions.DEFAULT).port(0)
                .options(o -> o.limits(l -> l.maxBodySize(99)).http2(h -> h.maxConcurrentStreams(7)))
                .options(o -> o.writeBufferLowWaterMark(1).writeBufferHighWaterMark(2)).options();
        assertThat(options).isEqualTo(ServerOptions.builder().port(0)
                .limits(HttpLimits.builder().maxBodySize(99).build())
                .http2(Http2Options.builder().maxConcurrentStreams(7).build())
                .writeBufferLowWaterMark(1).writeBufferHighWaterMark(2).build());
    }

    @Test
    void aServerStartedFromOptionsServesWithThem() throws Exception {
        ServerOptions options = ServerOptions.builder().host("127.0.0.1").port(0).serverHeader("brisk-options")
                .build();
        try (HttpServer server = HttpServer.builder().options(options)
                .handler(request -> request.response().send("ok")).start()) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest
                    .newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).isEqualTo("ok");
            assertThat(response.headers().firstValue("server")).contains("brisk-options");
            assertThat(server.options().toBuilder().port(0).build()).isEqualTo(options);
        }
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                invalid(b -> b.host(null), NullPointerException.class, "host must not be null"),
                invalid(b -> b.port(-1), "port must be within [0, 65535]: -1"),
                invalid(b -> b.port(65536), "port must be within [0, 65535]: 65536"),
                invalid(b -> b.ioThreads(0), "ioThreads must be positive: 0"),
                invalid(b -> b.transport(null), NullPointerException.class, "transport must not be null"),
                invalid(b -> b.backlog(0), "backlog must be positive: 0"),
                invalid(b -> b.idleTimeout(Duration.ZERO), "idleTimeout must be positive: PT0S"),
                invalid(b -> b.idleTimeout(null), NullPointerException.class, "idleTimeout must not be null"),
                invalid(b -> b.handshakeTimeout(Duration.ofSeconds(-1)), "handshakeTimeout must be positive: PT-1S"),
                invalid(b -> b.headerReadTimeout(Duration.ZERO), "headerReadTimeout must be positive: PT0S"),
                invalid(b -> b.bodyReadTimeout(Duration.ZERO), "bodyReadTimeout must be positive: PT0S"),
                invalid(b -> b.minBodyDataRate(-1), "minBodyDataRate must not be negative: -1"),
                invalid(b -> b.writeTimeout(Duration.ZERO), "writeTimeout must be positive: PT0S"),
                invalid(b -> b.settingsAckTimeout(Duration.ZERO), "settingsAckTimeout must be positive: PT0S"),
                invalid(b -> b.limits((HttpLimits) null), NullPointerException.class, "limits must not be null"),
                invalid(b -> b.maxKeepAliveRequests(0), "maxKeepAliveRequests must be positive: 0"),
                invalid(b -> b.tls((Optional<TlsOptions>) null), NullPointerException.class, "tls must not be null"),
                invalid(b -> b.http2((Http2Options) null), NullPointerException.class, "http2 must not be null"),
                invalid(b -> b.writeBufferLowWaterMark(0), "writeBufferLowWaterMark must be positive: 0"),
                invalid(b -> b.writeBufferLowWaterMark(100).writeBufferHighWaterMark(99),
                        "writeBufferHighWaterMark must be >= writeBufferLowWaterMark (100): 99"),
                invalid(b -> b.maxConnections(0), "maxConnections must be positive: 0"),
                invalid(b -> b.maxConnectionRate(-1), "maxConnectionRate must not be negative: -1"),
                invalid(b -> b.serverHeader((Optional<String>) null), NullPointerException.class,
                        "serverHeader must not be null"),
                invalid(b -> b.shutdownTimeout(Duration.ZERO), "shutdownTimeout must be positive: PT0S"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<ServerOptions.Builder> change,
                                                          Class<? extends Exception> type, String message) {
        assertThatThrownBy(() -> change.apply(ServerOptions.builder()).build()).isInstanceOf(type)
                .hasMessage(message);
    }

    @Test
    void theServerBuilderFailsWithTheSameMessagesBeforeBinding() {
        assertThatThrownBy(() -> HttpServer.builder().options(o -> o.ioThreads(0)).handler(request -> { }).start())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("ioThreads must be positive: 0");
        assertThatThrownBy(() -> HttpServer.builder().options(o -> o.limits(l -> l.maxBodySize(-1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxBodySize must not be negative: -1");
        assertThatThrownBy(() -> HttpServer.builder().tls(null))
                .isInstanceOf(NullPointerException.class).hasMessage("tls must not be null");
    }

    private static Arguments invalid(UnaryOperator<ServerOptions.Builder> change, String message) {
        return invalid(change, IllegalArgumentException.class, message);
    }

    private static Arguments invalid(UnaryOperator<ServerOptions.Builder> change, Class<? extends Exception> type,
                                     String message) {
        return arguments(change, type, message);
    }
}
