package dev.brisk.rpc.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Defaults, the builder round trip and every validation message of {@link ZooKeeperRegistryOptions}. */
class ZooKeeperRegistryOptionsTest {

    @Test
    void defaults() {
        ZooKeeperRegistryOptions o = ZooKeeperRegistryOptions.DEFAULT;
        assertThat(o.connectString()).isEmpty();
        assertThat(o.namespace()).isEqualTo("brisk");
        assertThat(o.sessionTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(o.connectionTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(o.retryBaseSleep()).isEqualTo(Duration.ofSeconds(1));
        assertThat(o.retryMaxSleep()).isEqualTo(Duration.ofSeconds(30));
        assertThat(o.retryMaxAttempts()).isEqualTo(3);
    }

    @Test
    void roundTripsThroughTheBuilders() {
        ZooKeeperRegistryOptions o = ZooKeeperRegistryOptions.builder().connectString("h1:2181,h2:2181")
                .namespace("shop").sessionTimeout(Duration.ofSeconds(5)).connectionTimeout(Duration.ofSeconds(2))
                .retryBaseSleep(Duration.ofMillis(50)).retryMaxSleep(Duration.ofMillis(50)).retryMaxAttempts(29)
                .build();
        assertThat(o.toBuilder().build()).isEqualTo(o);
        assertThat(ZooKeeperRegistry.builder().options(o).options()).isEqualTo(o);
        assertThat(ZooKeeperRegistry.builder().connectString("h:1").namespace("n").sessionTimeout(Duration.ofSeconds(9))
                .connectionTimeout(Duration.ofSeconds(8)).retryBaseSleep(Duration.ofSeconds(2))
                .retryMaxSleep(Duration.ofSeconds(3)).retryMaxAttempts(0).options())
                .isEqualTo(new ZooKeeperRegistryOptions("h:1", "n", Duration.ofSeconds(9), Duration.ofSeconds(8),
                        Duration.ofSeconds(2), Duration.ofSeconds(3), 0));
    }

    @Test
    void aConnectStringIsCheckedBeforeAnyClientIsMadeOfIt() {
        assertThat(ZooKeeperRegistryOptions.builder().connectString("h1:2181,h2:2182/shop").build().connectString())
                .isEqualTo("h1:2181,h2:2182/shop");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectString("zookeeper://10.0.0.7:2181").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connectString is host:port pairs separated by commas, not a URL:"
                        + " 'zookeeper://10.0.0.7:2181'; write '10.0.0.7:2181'");
        assertThatThrownBy(() -> ZooKeeperRegistry.builder()
                .connectString("zookeeper://10.0.0.7:2181/org.example.RegistryService"
                        + "?backup=10.0.0.8:2181,10.0.0.9:2181&timeout=5000").build())
                .hasMessageEndingWith("; write '10.0.0.7:2181,10.0.0.8:2181,10.0.0.9:2181'");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectString("zk:two").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("connectString must be host:port pairs separated by commas, with an optional"
                        + " /chroot after the last: 'zk:two' (");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectString("zk:2181//shop").build())
                .hasMessageStartingWith("connectString must be host:port pairs separated by commas, with an optional"
                        + " /chroot after the last: 'zk:2181//shop' (Invalid path string");
    }

    @Test
    void everyComponentIsValidated() {
        ZooKeeperRegistryOptions.Builder b = ZooKeeperRegistryOptions.builder();
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectString(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("connectString must not be null");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectString("  ").build())
                .hasMessage("connectString must not be blank: '  '");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().namespace(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("namespace must not be null");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().namespace("a/b").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("namespace must be one ZooKeeper path element (not blank, no '/'): 'a/b'");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().namespace("").build())
                .hasMessageContaining("namespace must be one ZooKeeper path element");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().sessionTimeout(Duration.ZERO).build())
                .hasMessage("sessionTimeout must be positive: PT0S");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().sessionTimeout(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("sessionTimeout must not be null");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectionTimeout(Duration.ofSeconds(-1)).build())
                .hasMessage("connectionTimeout must be positive: PT-1S");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().connectionTimeout(Duration.ofNanos(5)).build())
                .hasMessage("connectionTimeout must be within [1 ms, 2147483647 ms]: PT0.000000005S");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().retryBaseSleep(Duration.ZERO).build())
                .hasMessage("retryBaseSleep must be positive: PT0S");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().retryBaseSleep(Duration.ofSeconds(2))
                .retryMaxSleep(Duration.ofSeconds(1)).build())
                .hasMessage("retryMaxSleep must be >= retryBaseSleep (PT2S): PT1S");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().retryMaxAttempts(-1).build())
                .hasMessage("retryMaxAttempts must be within [0, 29]: -1");
        assertThatThrownBy(() -> ZooKeeperRegistryOptions.builder().retryMaxAttempts(30).build())
                .hasMessage("retryMaxAttempts must be within [0, 29]: 30");
        assertThat(b.build()).isEqualTo(ZooKeeperRegistryOptions.DEFAULT);
    }

    @Test
    void aRegistryNeedsAConnectStringOrAStartedClient() {
        assertThatThrownBy(() -> ZooKeeperRegistry.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessage("a ZooKeeper registry needs connectString(...) or curator(...)");
        CuratorFramework latent = CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryOneTime(1));
        assertThatThrownBy(() -> ZooKeeperRegistry.builder().curator(latent).build())
                .isInstanceOf(IllegalStateException.class).hasMessage("the CuratorFramework must be started, it is LATENT");
        assertThatThrownBy(() -> ZooKeeperRegistry.builder().namespace("/").connectString("h:1").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("namespace");
    }
}
