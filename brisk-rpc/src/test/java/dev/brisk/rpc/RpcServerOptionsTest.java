package dev.brisk.rpc;

import dev.brisk.transport.Transport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import dev.brisk.transport.TlsOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RpcServerOptionsTest {

    @Test
    void defaults() {
        RpcServerOptions o = RpcServerOptions.DEFAULT;
        assertThat(o.host()).isEqualTo("0.0.0.0");
        assertThat(o.port()).isZero();
        assertThat(o.transport()).isEqualTo(Transport.AUTO);
        assertThat(o.ioThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(o.tls()).isEmpty();
        assertThat(o.maxFrameSize()).isEqualTo(16 * 1024 * 1024);
        assertThat(o.maxInFlightPerConnection()).isEqualTo(1024);
        assertThat(o.dispatch()).isEqualTo(Dispatch.WORKER);
        assertThat(o.workerThreads()).isEqualTo(200);
        assertThat(o.workerQueueSize()).isEqualTo(1024);
        assertThat(o.methodTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(o.shutdownTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(o.idleTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(o.writeTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(o.advertisedHost()).isEmpty();
        assertThat(o.weight()).isEqualTo(100);
        assertThat(o.version()).isEmpty();
        assertThat(o.metadata()).isEmpty();
        assertThat(o.allowList().types()).isEmpty();
        assertThat(o.allowList().packages()).isEmpty();
    }

    @Test
    void roundTripThroughTheBuilder() {
        RpcServerOptions o = RpcServerOptions.builder().host("127.0.0.1").port(9000).ioThreads(2).maxFrameSize(1024)
                .maxInFlightPerConnection(8).dispatch(Dispatch.IO).workerThreads(3).workerQueueSize(4)
                .methodTimeout(Duration.ZERO).shutdownTimeout(Duration.ofSeconds(1)).idleTimeout(Duration.ZERO)
                .writeTimeout(Duration.ofSeconds(5)).advertisedHost("rpc.example").weight(5).version("1.2")
                .metadata(Map.of("zone", "a")).allowTypes(Model.User.class).allowPackages("com.example.model")
                .build();
        assertThat(o.toBuilder().build()).isEqualTo(o);
        assertThat(RpcServer.builder().options(o).options()).isEqualTo(o);
        assertThat(o.advertisedHost()).contains("rpc.example");
    }

    @Test
    void everyInvalidValueIsNamed() {
        assertThatThrownBy(() -> RpcServerOptions.builder().port(70000).build())
                .hasMessage("port must be within [0, 65535]: 70000");
        assertThatThrownBy(() -> RpcServerOptions.builder().ioThreads(0).build())
                .hasMessage("ioThreads must be positive: 0");
        assertThatThrownBy(() -> RpcServerOptions.builder().maxFrameSize(10).build())
                .hasMessage("maxFrameSize must be at least 64: 10");
        assertThatThrownBy(() -> RpcServerOptions.builder().maxInFlightPerConnection(0).build())
                .hasMessage("maxInFlightPerConnection must be positive: 0");
        assertThatThrownBy(() -> RpcServerOptions.builder().workerThreads(-1).build())
                .hasMessage("workerThreads must be positive: -1");
        assertThatThrownBy(() -> RpcServerOptions.builder().workerQueueSize(0).build())
                .hasMessage("workerQueueSize must be positive: 0");
        assertThatThrownBy(() -> RpcServerOptions.builder().methodTimeout(Duration.ofMillis(-1)).build())
                .hasMessage("methodTimeout must not be negative: PT-0.001S");
        assertThatThrownBy(() -> RpcServerOptions.builder().shutdownTimeout(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("shutdownTimeout must not be null");
        assertThatThrownBy(() -> RpcServerOptions.builder().idleTimeout(Duration.ofSeconds(-2)).build())
                .hasMessage("idleTimeout must not be negative: PT-2S");
        assertThatThrownBy(() -> RpcServerOptions.builder().writeTimeout(Duration.ofSeconds(-1)).build())
                .hasMessage("writeTimeout must not be negative: PT-1S");
        assertThatThrownBy(() -> RpcServerOptions.builder().weight(0).build())
                .hasMessage("weight must be positive: 0");
        assertThatThrownBy(() -> RpcServerOptions.builder().host(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("host must not be null");
        assertThatThrownBy(() -> RpcServerOptions.builder().tls((Optional<TlsOptions>) null)
                .build()).hasMessage("tls must not be null");
    }

    @Test
    void theServerBuilderFailsBeforeBinding() {
        assertThatThrownBy(() -> RpcServer.builder().port(-1).service(SlowService.class, new SlowServiceImpl("a"))
                .start()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port");
        assertThatThrownBy(() -> RpcServer.builder().start()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least one service");
        assertThatThrownBy(() -> RpcServer.builder().service(SlowService.class, new SlowServiceImpl("a"))
                .service(SlowService.class, new SlowServiceImpl("b")).start())
                .hasMessageContaining("offered twice");
    }
}
