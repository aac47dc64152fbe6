package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.ProviderInfo;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.brisk.rpc.zookeeper.TestZooKeeper.answering;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.greeter;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;

/** What a subscription makes of provider nodes written by others: unreadable ones skipped, unknown fields ignored. */
class NodeDataTest {

    private static final String PROVIDERS = "/brisk/services/" + Greeter.class.getName() + "/providers/";

    private TestingServer zooKeeper;
    private CuratorFramework writer;

    @BeforeEach
    void startZooKeeper() throws Exception {
        zooKeeper = TestZooKeeper.server();
        writer = TestZooKeeper.curator(zooKeeper);
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        writer.close();
        zooKeeper.close();
    }

    private void node(String name, String data) throws Exception {
        writer.create().creatingParentContainersIfNeeded().withMode(CreateMode.EPHEMERAL)
                .forPath(PROVIDERS + name, data.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void unreadableNodesAreSkippedAndTheOthersServed() throws Exception {
        node("127.0.0.1:1", "not a provider");
        node("no-port", "v=1");
        node("127.0.0.1:2", "v=2&weight=1");
        node("127.0.0.1:3", "v=1&weight=-5");
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer a = greeter("a", serverSide);
            try {
                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder);
                assertThat(recorder.ports()).containsExactly(a.port());
                assertThat(answering(client.proxy(Greeter.class), 10)).containsExactly("a");

                node("127.0.0.1:4", "garbage=%zz");
                writer.setData().forPath(PROVIDERS + "127.0.0.1:1", "v=1&weight=3".getBytes(StandardCharsets.UTF_8));
                await("the repaired node is listed", () -> recorder.ports().equals(Set.of(1, a.port())));
            } finally {
                a.close();
            }
        }
    }

    @Test
    void fieldsANewerServerAddsAreIgnored() throws Exception {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer b = RpcServer.builder().host("127.0.0.1").port(0).service(Greeter.class, new NamedGreeter("b"))
                    .start();
            try {
                node("127.0.0.1:" + b.port(), "v=1&weight=5&warmup=30s&meta.zone=z%261&tags=x,y");
                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder);
                assertThat(recorder.last()).containsExactly(new ProviderInfo(Greeter.class.getName(), "127.0.0.1",
                        b.port(), 5, "", Map.of("zone", "z&1")));
                assertThat(answering(client.proxy(Greeter.class), 5)).containsExactly("b");
                assertThat(serverSide.options().namespace()).isEqualTo("brisk");
            } finally {
                b.close();
            }
        }
    }

    @Test
    void providersLiveUnderTheNamespace() throws Exception {
        try (ZooKeeperRegistry serverSide = ZooKeeperRegistry.builder().connectString(zooKeeper.getConnectString())
                .namespace("shop").build()) {
            RpcServer a = RpcServer.builder().host("127.0.0.1").port(0).registry(serverSide)
                    .options(o -> o.version("3"))
                    .service(Greeter.class, new NamedGreeter("a")).start();
            try {
                String path = "/shop/services/" + Greeter.class.getName() + "/providers";
                assertThat(writer.getChildren().forPath(path)).containsExactly("127.0.0.1:" + a.port());
                assertThat(new String(writer.getData().forPath(path + "/127.0.0.1:" + a.port()),
                        StandardCharsets.UTF_8)).isEqualTo("v=1&weight=100&version=3");
                assertThat(writer.checkExists().forPath("/brisk")).isNull();
            } finally {
                a.close();
            }
            assertThat(writer.getChildren().forPath("/shop/services/" + Greeter.class.getName() + "/providers"))
                    .isEqualTo(List.of());
        }
    }
}
