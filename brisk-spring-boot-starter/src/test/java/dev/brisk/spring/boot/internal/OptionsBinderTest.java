package dev.brisk.spring.boot.internal;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpLimits;
import dev.brisk.http.ServerOptions;
import dev.brisk.rest.BriskOptions;
import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brisk.*} bound straight onto the options builders, nested groups included. */
class OptionsBinderTest {

    private static Binder binder(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new Binder(new MapConfigurationPropertySource(map));
    }

    private static ServerOptions http(String... keyValues) {
        ServerOptions.Builder options = ServerOptions.builder();
        ServerSettings.bindHttp(binder(keyValues), options);
        ServerSettings.checkHttp(options);
        return options.build();
    }

    private static BriskOptions framework(String... keyValues) {
        return ServerSettings.framework(binder(keyValues), BriskOptions.builder());
    }

    @Test
    void nothingSetKeepsTheDefaults() {
        assertThat(http()).isEqualTo(ServerOptions.DEFAULT);
        assertThat(framework()).isEqualTo(BriskOptions.DEFAULT);
    }

    @Test
    void serverOptions() {
        ServerOptions options = http("brisk.io-threads", "3", "brisk.transport", "nio", "brisk.max-connections", "100",
                "brisk.min-body-data-rate", "512", "brisk.max-keep-alive-requests", "9");
        assertThat(options.ioThreads()).isEqualTo(3);
        assertThat(options.transport()).isEqualTo(Transport.NIO);
        assertThat(options.maxConnections()).isEqualTo(100);
        assertThat(options.minBodyDataRate()).isEqualTo(512);
        assertThat(options.maxKeepAliveRequests()).isEqualTo(9);
    }

    @Test
    void durationsAsBootWritesThem() {
        ServerOptions options = http("brisk.idle-timeout", "7s", "brisk.header-read-timeout", "PT2S",
                "brisk.write-timeout", "1500", "brisk.shutdown-delay", "1m");
        assertThat(options.idleTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(options.headerReadTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.writeTimeout()).isEqualTo(Duration.ofMillis(1500)); // a plain number is milliseconds
        assertThat(options.shutdownDelay()).isEqualTo(Duration.ofMinutes(1));
        assertThat(framework("brisk.worker.max-queue-time", "250ms").maxQueueTime()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void sizesOfOptionsThatCountBytes() {
        ServerOptions options = http("brisk.limits.max-body-size", "1MB", "brisk.limits.max-connection-buffer", "100",
                "brisk.write-buffer-low-water-mark", "16KB", "brisk.write-buffer-high-water-mark", "128KB");
        assertThat(options.limits().maxBodySize()).isEqualTo(1024 * 1024);
        assertThat(options.limits().maxConnectionBuffer()).isEqualTo(100); // a plain number is bytes
        assertThat(options.writeBufferLowWaterMark()).isEqualTo(16 * 1024);
        assertThat(options.writeBufferHighWaterMark()).isEqualTo(128 * 1024);
        assertThat(framework("brisk.sse-max-pending", "64KB").sseMaxPending()).isEqualTo(64 * 1024);
    }

    @Test
    void whichOptionsCountBytes() {
        assertThat(OptionsBinder.countsBytes("maxBodySize", long.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("maxFrameSize", int.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("maxConnectionBuffer", long.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("sseMaxPending", long.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("writeBufferLowWaterMark", int.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("maxQueuedBytes", long.class)).isTrue();
        assertThat(OptionsBinder.countsBytes("workerQueueSize", int.class)).isFalse();
        assertThat(OptionsBinder.countsBytes("queueSize", int.class)).isFalse();
        assertThat(OptionsBinder.countsBytes("maxConnections", int.class)).isFalse();
        assertThat(OptionsBinder.countsBytes("maxBodySize", String.class)).isFalse();
    }

    @Test
    void nestedLimits() {
        HttpLimits limits = http("brisk.limits.max-initial-line-length", "200",
                "brisk.limits.max-pipelined-requests", "8").limits();
        assertThat(limits.maxInitialLineLength()).isEqualTo(200);
        assertThat(limits.maxPipelinedRequests()).isEqualTo(8);
        assertThat(limits.maxHeaderSize()).isEqualTo(HttpLimits.DEFAULT.maxHeaderSize());
    }

    @Test
    void nestedHttp2() {
        Http2Options http2 = http("brisk.http2.cleartext", "false", "brisk.http2.max-concurrent-streams", "16",
                "brisk.http2.max-frame-size", "32KB", "brisk.http2.initial-window-size", "65535",
                "brisk.http2.max-header-list-size", "16KB").http2();
        assertThat(http2.cleartext()).isFalse();
        assertThat(http2.maxConcurrentStreams()).isEqualTo(16);
        assertThat(http2.maxFrameSize()).isEqualTo(32 * 1024);
        assertThat(http2.initialWindowSize()).isEqualTo(65535);
        assertThat(http2.maxHeaderListSize()).isEqualTo(16 * 1024);
        assertThat(http2.enabled()).isTrue();
    }

    @Test
    void frameworkOptionsUnderTheirGroupedNames() {
        BriskOptions options = framework("brisk.worker.threads", "5", "brisk.worker.queue-size", "10",
                "brisk.virtual.max-concurrency", "9", "brisk.default-scheduler", "worker",
                "brisk.controller-scheduler", "io", "brisk.format-parameter", "as");
        assertThat(options.workerThreads()).isEqualTo(5);
        assertThat(options.workerQueueSize()).isEqualTo(10);
        assertThat(options.virtualMaxConcurrency()).isEqualTo(9);
        assertThat(options.defaultScheduler()).isEqualTo("worker");
        assertThat(options.controllerScheduler()).isEqualTo("io");
        assertThat(options.formatParameter()).isEqualTo("as");
    }

    @Test
    void anOptionOnlyTheBuilderKnowsIsAPropertyToo() {
        // settings-ack-timeout never had a field in the starter: the builder's setter is the property
        assertThat(http("brisk.settings-ack-timeout", "3s").settingsAckTimeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void optionsSetByBootPropertiesAreNotBoundFromBrisk() {
        ServerOptions options = http("brisk.port", "1234", "brisk.host", "10.0.0.1", "brisk.shutdown-timeout", "1s",
                "brisk.limits.max-header-size", "1", "brisk.http2.enabled", "false", "brisk.max-connection-rate", "5");
        assertThat(options).isEqualTo(ServerOptions.DEFAULT);
        assertThat(framework("brisk.context-path", "/api").contextPath()).isEmpty();
    }

    @Test
    void compressionOverBootsServerCompression() {
        assertThat(WebFeatureSettings.compression(binder("server.compression.min-response-size", "2KB"))).isEmpty();
        CompressionOptions options = WebFeatureSettings.compression(binder("server.compression.enabled", "true",
                "server.compression.min-response-size", "2KB", "server.compression.mime-types", "text/plain",
                "brisk.compression.min-response-size", "10", "brisk.compression.gzip-level", "9")).orElseThrow();
        assertThat(options.minResponseSize()).isEqualTo(10);
        assertThat(options.mimeTypes()).containsExactly("text/plain");
        assertThat(options.gzipLevel()).isEqualTo(9);
        assertThat(WebFeatureSettings.compression(binder("server.compression.enabled", "true",
                "brisk.compression.enabled", "false"))).isEmpty();
    }

    @Test
    void aValueBootCannotConvertNamesTheProperty() {
        assertThatThrownBy(() -> http("brisk.idle-timeout", "soon")).isInstanceOf(BindException.class)
                .hasMessageContaining("brisk.idle-timeout");
        assertThatThrownBy(() -> http("brisk.limits.max-body-size", "lots")).isInstanceOf(BindException.class)
                .hasMessageContaining("brisk.limits.max-body-size");
        assertThatThrownBy(() -> framework("brisk.worker.threads", "many")).isInstanceOf(BindException.class)
                .hasMessageContaining("brisk.worker.threads");
    }

    @Test
    void aValueTheBuilderRefusesNamesTheProperty() {
        assertThatThrownBy(() -> http("brisk.max-connections", "0"))
                .hasMessage("Invalid brisk.max-connections: maxConnections must be positive: 0");
        assertThatThrownBy(() -> http("brisk.http2.max-frame-size", "1KB"))
                .hasMessageStartingWith("Invalid brisk.http2.max-frame-size: maxFrameSize must be within");
        assertThatThrownBy(() -> http("brisk.limits.max-pipelined-requests", "-1"))
                .hasMessageStartingWith("Invalid brisk.limits.max-pipelined-requests: ");
        assertThatThrownBy(() -> framework("brisk.worker.threads", "0"))
                .hasMessage("Invalid brisk.worker.threads: workerThreads must be positive: 0");
        assertThatThrownBy(() -> http("brisk.http2.initial-window-size", "3GB"))
                .hasMessageContaining("brisk.http2.initial-window-size");
    }
}
