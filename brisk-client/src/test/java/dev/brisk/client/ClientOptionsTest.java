package dev.brisk.client;

import dev.brisk.codec.Codecs;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** {@link ClientOptions}: defaults, a builder for every component, errors naming the component and the value. */
class ClientOptionsTest extends ClientTestSupport {

    @Test
    void defaultsAreThoseTheClientBuilderDocuments() {
        ClientOptions defaults = ClientOptions.defaults();
        assertThat(defaults.ioThreads()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors()));
        assertThat(defaults.eventLoopGroup()).isEmpty();
        assertThat(defaults.transport()).isEqualTo(Transport.AUTO);
        assertThat(defaults.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.readTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.writeTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.callTimeout()).isZero();
        assertThat(defaults.maxConnectionsPerHost()).isEqualTo(128);
        assertThat(defaults.maxPendingAcquires()).isEqualTo(1024);
        assertThat(defaults.acquireTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.poolExpiry()).isEqualTo(Duration.ofMinutes(10));
        assertThat(defaults.followRedirects()).isTrue();
        assertThat(defaults.maxRedirects()).isEqualTo(5);
        assertThat(defaults.retryPolicy()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(defaults.decompression()).isTrue();
        assertThat(defaults.maxResponseSize()).isEqualTo(64L * 1024 * 1024);
        assertThat(defaults.defaultHeaders().get("user-agent", null)).isEqualTo("brisk-client/0.1");
        assertThat(defaults.defaultHeaders().size()).isEqualTo(1);
        assertThat(defaults.codecs()).isNotNull();
        assertThat(defaults.interceptors()).isEmpty();
        assertThat(defaults.protocol()).isEqualTo(ProtocolPolicy.AUTO);
        assertThat(defaults.tls()).isEqualTo(TlsOptions.DEFAULT);
        assertThat(defaults.proxy()).isEmpty();
        assertThat(defaults.expectContinueTimeout()).isEqualTo(Duration.ofSeconds(1));

        ClientOptions fromClientBuilder = BriskClient.builder().loadInterceptors(false).options();
        assertThat(fromClientBuilder.toBuilder().codecs(defaults.codecs()).defaultHeaders(defaults.defaultHeaders())
                .build()).isEqualTo(defaults);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip() {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Codecs codecs = Codecs.defaults();
            Headers headers = Headers.copyOf(WritableHeaders.create().set("x-a", "b"));
            Interceptor interceptor = chain -> chain.proceed(chain.request());
            ProxyOptions proxy = ProxyOptions.http("proxy.test", 3128);
            ClientOptions options = ClientOptions.builder().ioThreads(3).eventLoopGroup(group)
                    .transport(Transport.NIO).connectTimeout(Duration.ofSeconds(1)).readTimeout(Duration.ZERO)
                    .writeTimeout(Duration.ofSeconds(2)).callTimeout(Duration.ofSeconds(3)).maxConnectionsPerHost(4)
                    .maxPendingAcquires(0).acquireTimeout(Duration.ofSeconds(5)).idleTimeout(Duration.ofSeconds(6))
                    .poolExpiry(Duration.ofSeconds(7)).followRedirects(false).maxRedirects(0)
                    .retryPolicy(RetryPolicy.NONE).decompression(false).maxResponseSize(0).defaultHeaders(headers)
                    .codecs(codecs).interceptors(List.of(interceptor)).protocol(ProtocolPolicy.H2)
                    .tls(TlsOptions.insecure()).proxy(proxy).expectContinueTimeout(Duration.ofSeconds(8)).build();
            assertThat(options).isEqualTo(new ClientOptions(3, Optional.of(group), Transport.NIO,
                    Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(2), Duration.ofSeconds(3), 4, 0,
                    Duration.ofSeconds(5), Duration.ofSeconds(6), Duration.ofSeconds(7), false, 0, RetryPolicy.NONE,
                    false, 0, headers, codecs, List.of(interceptor), ProtocolPolicy.H2, TlsOptions.insecure(),
                    Optional.of(proxy), Duration.ofSeconds(8), Optional.empty(), Optional.empty(),
                    Duration.ofMillis(300)));
            assertThat(options.toBuilder().build()).isEqualTo(options);
            assertThat(options.toBuilder().eventLoopGroup(Optional.empty()).proxy(Optional.empty()).build())
                    .extracting(ClientOptions::eventLoopGroup, ClientOptions::proxy)
                    .containsExactly(Optional.empty(), Optional.empty());

            ClientOptions adopted = BriskClient.builder().loadInterceptors(false).options(options).options();
            assertThat(adopted.toBuilder().defaultHeaders(headers).build()).isEqualTo(options);
            assertThat(adopted.defaultHeaders().get("x-a", null)).isEqualTo("b");
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void optionsOfAClientDoNotDuplicateRegisteredInterceptorsWhenReused() {
        ClientOptions first = BriskClient.builder().options();
        ClientOptions again = BriskClient.builder().options(first).options();
        assertThat(again.interceptors()).hasSameSizeAs(first.interceptors());
        assertThat(again.interceptors()).hasAtLeastOneElementOfType(SpiProbeInterceptor.class);
    }

    @Test
    void aClientBuiltFromOptionsSendsWithThem() {
        HttpServer server = server(request -> request.response().send(request.headers().get("x-from", "none") + " "
                + request.headers().get("user-agent", "none")));
        ClientOptions options = ClientOptions.builder().ioThreads(1)
                .defaultHeaders(Headers.copyOf(WritableHeaders.create().set("x-from", "options")))
                .retryPolicy(RetryPolicy.NONE).build();
        BriskClient client = client(clientBuilder().options(options));
        assertThat(client.get(url(server, "/")).execute().toCompletableFuture().join().bodyAsString())
                .isEqualTo("options none");
        assertThat(client.options().ioThreads()).isEqualTo(1);
        assertThat(client.options().retryPolicy()).isEqualTo(RetryPolicy.NONE);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                invalid(b -> b.ioThreads(0), "ioThreads must be positive: 0"),
                invalid(b -> b.eventLoopGroup((Optional<EventLoopGroup>) null), NullPointerException.class,
                        "eventLoopGroup must not be null"),
                invalid(b -> b.transport(null), NullPointerException.class, "transport must not be null"),
                invalid(b -> b.connectTimeout(Duration.ZERO), "connectTimeout must be positive: PT0S"),
                invalid(b -> b.connectTimeout(null), NullPointerException.class, "connectTimeout must not be null"),
                invalid(b -> b.readTimeout(Duration.ofSeconds(-1)), "readTimeout must not be negative: PT-1S"),
                invalid(b -> b.writeTimeout(Duration.ofSeconds(-1)), "writeTimeout must not be negative: PT-1S"),
                invalid(b -> b.callTimeout(Duration.ofSeconds(-1)), "callTimeout must not be negative: PT-1S"),
                invalid(b -> b.maxConnectionsPerHost(0), "maxConnectionsPerHost must be positive: 0"),
                invalid(b -> b.maxPendingAcquires(-1), "maxPendingAcquires must not be negative: -1"),
                invalid(b -> b.acquireTimeout(Duration.ZERO), "acquireTimeout must be positive: PT0S"),
                invalid(b -> b.idleTimeout(Duration.ZERO), "idleTimeout must be positive: PT0S"),
                invalid(b -> b.poolExpiry(Duration.ZERO), "poolExpiry must be positive: PT0S"),
                invalid(b -> b.maxRedirects(-1), "maxRedirects must not be negative: -1"),
                invalid(b -> b.retryPolicy(null), NullPointerException.class, "retryPolicy must not be null"),
                invalid(b -> b.maxResponseSize(-5), "maxResponseSize must be within [0, 2147483639]: -5"),
                invalid(b -> b.maxResponseSize(1L << 31), "maxResponseSize must be within [0, 2147483639]: "
                        + (1L << 31)),
                invalid(b -> b.defaultHeaders(null), NullPointerException.class, "defaultHeaders must not be null"),
                invalid(b -> b.interceptors(null), NullPointerException.class, "interceptors must not be null"),
                invalid(b -> b.interceptors(Arrays.asList((Interceptor) null)), NullPointerException.class,
                        "interceptors element must not be null"),
                invalid(b -> b.protocol(null), NullPointerException.class, "protocol must not be null"),
                invalid(b -> b.tls(null), NullPointerException.class, "tls must not be null"),
                invalid(b -> b.proxy((Optional<ProxyOptions>) null), NullPointerException.class,
                        "proxy must not be null"),
                invalid(b -> b.expectContinueTimeout(Duration.ZERO), "expectContinueTimeout must be positive: PT0S"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("invalid")
    void everyValidationErrorNamesTheComponentAndItsValue(UnaryOperator<ClientOptions.Builder> change,
                                                          Class<? extends Exception> type, String message) {
        assertThatThrownBy(() -> change.apply(ClientOptions.builder()).build()).isInstanceOf(type)
                .hasMessage(message);
    }

    @Test
    void theClientBuilderFailsWithTheSameMessagesBeforeStartingAnything() {
        assertThatThrownBy(() -> BriskClient.builder().options(o -> o.maxConnectionsPerHost(0)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxConnectionsPerHost must be positive: 0");
        assertThatThrownBy(() -> BriskClient.builder().options(o -> o.readTimeout(Duration.ofSeconds(-1))).options())
                .hasMessage("readTimeout must not be negative: PT-1S");
        assertThat(BriskClient.builder().options(o -> o.maxRedirects(0)).options().maxRedirects()).isZero();
    }

    private static Arguments invalid(UnaryOperator<ClientOptions.Builder> change, String message) {
        return invalid(change, IllegalArgumentException.class, message);
    }

    private static Arguments invalid(UnaryOperator<ClientOptions.Builder> change, Class<? extends Exception> type,
                                     String message) {
        return arguments(change, type, message);
    }
}
