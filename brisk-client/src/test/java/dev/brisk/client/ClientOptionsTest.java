package dev.brisk.client;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The options record validates every component itself; the builder fails early with the same messages. */
class ClientOptionsTest {

    @Test
    void theRecordRefusesWhatTheBuilderRefuses() {
        ClientOptions valid = BriskClient.builder().options();
        assertThatThrownBy(() -> new ClientOptions(0, valid.eventLoopGroup(), valid.transport(),
                valid.connectTimeout(), valid.readTimeout(), valid.writeTimeout(), valid.callTimeout(),
                valid.maxConnectionsPerHost(), valid.maxPendingAcquires(), valid.acquireTimeout(), valid.idleTimeout(),
                valid.poolExpiry(), valid.followRedirects(), valid.maxRedirects(), valid.retryPolicy(),
                valid.decompression(), valid.maxResponseSize(), valid.defaultHeaders(), valid.codecs(),
                valid.interceptors(), valid.protocol(), valid.tls(), valid.proxy(), valid.expectContinueTimeout()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("ioThreads must be >= 1: 0");
        assertThatThrownBy(() -> new ClientOptions(valid.ioThreads(), valid.eventLoopGroup(), valid.transport(),
                Duration.ZERO, valid.readTimeout(), valid.writeTimeout(), valid.callTimeout(),
                valid.maxConnectionsPerHost(), valid.maxPendingAcquires(), valid.acquireTimeout(), valid.idleTimeout(),
                valid.poolExpiry(), valid.followRedirects(), valid.maxRedirects(), valid.retryPolicy(),
                valid.decompression(), valid.maxResponseSize(), valid.defaultHeaders(), valid.codecs(),
                valid.interceptors(), valid.protocol(), valid.tls(), valid.proxy(), valid.expectContinueTimeout()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("connectTimeout must be positive: PT0S");
    }

    @Test
    void theBuilderNamesTheOptionAndTheValue() {
        assertThatThrownBy(() -> BriskClient.builder().maxConnectionsPerHost(0))
                .hasMessage("maxConnectionsPerHost must be >= 1: 0");
        assertThatThrownBy(() -> BriskClient.builder().readTimeout(Duration.ofSeconds(-1)))
                .hasMessage("readTimeout must not be negative: PT-1S");
        assertThatThrownBy(() -> BriskClient.builder().maxResponseSize(-5))
                .hasMessage("maxResponseSize must be in [0, 2 GiB): -5");
        assertThat(BriskClient.builder().maxRedirects(0).options().maxRedirects()).isZero();
    }
}
