package dev.brisk.rpc;

import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RpcClientOptionsTest {

    @Test
    void defaults() {
        RpcClientOptions o = RpcClientOptions.DEFAULT;
        assertThat(o.transport()).isEqualTo(Transport.AUTO);
        assertThat(o.ioThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(o.tls()).isEmpty();
        assertThat(o.connectionsPerProvider()).isEqualTo(2);
        assertThat(o.maxFrameSize()).isEqualTo(16 * 1024 * 1024);
        assertThat(o.callTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(o.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(o.pingInterval()).isEqualTo(Duration.ofSeconds(15));
        assertThat(o.reconnectInitialBackoff()).isEqualTo(Duration.ofMillis(100));
        assertThat(o.reconnectMaxBackoff()).isEqualTo(Duration.ofSeconds(5));
        assertThat(o.loadBalance()).isEqualTo(LoadBalance.LEAST_LOADED);
        assertThat(o.maxRetries()).isEqualTo(2);
        assertThat(o.outlierFailures()).isEqualTo(5);
        assertThat(o.ejectionTime()).isEqualTo(Duration.ofSeconds(1));
        assertThat(o.maxEjectionTime()).isEqualTo(Duration.ofSeconds(30));
        assertThat(o.maxEjectedPercent()).isEqualTo(50);
        assertThat(o.warmUp()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void roundTripThroughTheBuilder() {
        RpcClientOptions o = RpcClientOptions.builder().ioThreads(1).connectionsPerProvider(4).maxFrameSize(4096)
                .callTimeout(Duration.ofMillis(100)).connectTimeout(Duration.ofMillis(50))
                .pingInterval(Duration.ZERO).reconnectInitialBackoff(Duration.ofMillis(1))
                .reconnectMaxBackoff(Duration.ofMillis(2)).loadBalance(LoadBalance.CONSISTENT_HASH).maxRetries(0)
                .outlierFailures(3).ejectionTime(Duration.ofSeconds(2)).maxEjectionTime(Duration.ofSeconds(8))
                .maxEjectedPercent(30).warmUp(Duration.ZERO)
                .allowTypes(Model.User.class).allowPackages("com.example.model").build();
        assertThat(o.toBuilder().build()).isEqualTo(o);
        assertThat(RpcClient.builder().options(o).options()).isEqualTo(o);
    }

    @Test
    void everyInvalidValueIsNamed() {
        assertThatThrownBy(() -> RpcClientOptions.builder().connectionsPerProvider(0).build())
                .hasMessage("connectionsPerProvider must be positive: 0");
        assertThatThrownBy(() -> RpcClientOptions.builder().callTimeout(Duration.ZERO).build())
                .hasMessage("callTimeout must be positive: PT0S");
        assertThatThrownBy(() -> RpcClientOptions.builder().connectTimeout(Duration.ofSeconds(-1)).build())
                .hasMessage("connectTimeout must be positive: PT-1S");
        assertThatThrownBy(() -> RpcClientOptions.builder().pingInterval(Duration.ofSeconds(-1)).build())
                .hasMessage("pingInterval must not be negative: PT-1S");
        assertThatThrownBy(() -> RpcClientOptions.builder().reconnectInitialBackoff(Duration.ofSeconds(2))
                .reconnectMaxBackoff(Duration.ofSeconds(1)).build())
                .hasMessage("reconnectMaxBackoff must be >= reconnectInitialBackoff (PT2S): PT1S");
        assertThatThrownBy(() -> RpcClientOptions.builder().maxRetries(-1).build())
                .hasMessage("maxRetries must not be negative: -1");
        assertThatThrownBy(() -> RpcClientOptions.builder().maxFrameSize(1).build())
                .hasMessage("maxFrameSize must be at least 64: 1");
        assertThatThrownBy(() -> RpcClientOptions.builder().outlierFailures(-1).build())
                .hasMessage("outlierFailures must not be negative: -1");
        assertThatThrownBy(() -> RpcClientOptions.builder().ejectionTime(Duration.ZERO).build())
                .hasMessage("ejectionTime must be positive: PT0S");
        assertThatThrownBy(() -> RpcClientOptions.builder().ejectionTime(Duration.ofSeconds(2))
                .maxEjectionTime(Duration.ofSeconds(1)).build())
                .hasMessage("maxEjectionTime must be >= ejectionTime (PT2S): PT1S");
        assertThatThrownBy(() -> RpcClientOptions.builder().maxEjectedPercent(101).build())
                .hasMessage("maxEjectedPercent must be within [0, 100]: 101");
        assertThatThrownBy(() -> RpcClientOptions.builder().warmUp(Duration.ofSeconds(-1)).build())
                .hasMessage("warmUp must not be negative: PT-1S");
        assertThatThrownBy(() -> RpcClientOptions.builder().loadBalance(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("loadBalance must not be null");
    }

    @Test
    void theClientBuilderNeedsProviders() {
        assertThatThrownBy(() -> RpcClient.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("addresses(");
        assertThatThrownBy(() -> RpcClient.builder().addresses("nonsense")).isInstanceOf(
                IllegalArgumentException.class).hasMessage("address must be host:port: 'nonsense'");
    }
}
