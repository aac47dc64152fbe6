package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static dev.brisk.rpc.zookeeper.TestZooKeeper.answering;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.awaitState;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.greeter;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;

/** ZooKeeper going away, coming back, and sessions expiring on either side. */
class OutageTest {

    private static final String PROVIDERS = "/brisk/services/" + Greeter.class.getName() + "/providers/";

    private TestingServer zooKeeper;

    @BeforeEach
    void startZooKeeper() throws Exception {
        zooKeeper = TestZooKeeper.server();
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        zooKeeper.close();
    }

    @Test
    void callsGoOnWithTheLastKnownProvidersWhileZooKeeperIsDownAndNewOnesAreSeenOnceItIsBack() throws Exception {
        CuratorFramework consumer = TestZooKeeper.curator(zooKeeper);
        try (ZooKeeperRegistry serverSide = registry(zooKeeper);
             ZooKeeperRegistry clientSide = ZooKeeperRegistry.builder().curator(consumer).build();
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer a = greeter("a", serverSide);
            RpcServer b = greeter("b", serverSide);
            RpcServer c = null;
            RpcServer d = null;
            try {
                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder);
                assertThat(recorder.ports()).containsExactlyInAnyOrder(a.port(), b.port());
                Greeter greeter = client.proxy(Greeter.class);
                await("a and b take calls", () -> answering(greeter, 20).equals(Set.of("a", "b")));

                zooKeeper.stop();
                awaitState(consumer, ConnectionState.LOST); // past the session timeout

                assertThat(answering(greeter, 40)).containsExactlyInAnyOrder("a", "b");
                assertThat(recorder.reports).allSatisfy(set -> assertThat(set).isNotEmpty());
                assertThat(recorder.ports()).containsExactlyInAnyOrder(a.port(), b.port());

                d = greeter("d", serverSide); // registered while ZooKeeper is down
                assertThat(recorder.ports()).containsExactlyInAnyOrder(a.port(), b.port());

                zooKeeper.restart();
                c = greeter("c", serverSide);
                RpcServer startedC = c;
                RpcServer startedD = d;
                await("c is listed", () -> recorder.ports().contains(startedC.port()));
                await("c and d take calls", () -> answering(greeter, 20).containsAll(Set.of("c", "d")));
                await("a, b, c and d are listed", () -> recorder.ports().equals(Set.of(a.port(), b.port(),
                        startedC.port(), startedD.port())));
            } finally {
                a.close();
                b.close();
                if (c != null) {
                    c.close();
                }
                if (d != null) {
                    d.close();
                }
            }
        } finally {
            consumer.close();
        }
    }

    @Test
    void aProviderWhoseSessionExpiresRegistersAgain() throws Exception {
        CuratorFramework provider = TestZooKeeper.curator(zooKeeper);
        CuratorFramework observer = TestZooKeeper.curator(zooKeeper);
        try (ZooKeeperRegistry serverSide = ZooKeeperRegistry.builder().curator(provider).build();
             ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer a = greeter("a", serverSide);
            try {
                String node = PROVIDERS + "127.0.0.1:" + a.port();
                long before = provider.getZookeeperClient().getZooKeeper().getSessionId();
                assertThat(observer.checkExists().forPath(node).getEphemeralOwner()).isEqualTo(before);

                KillSession.kill(provider.getZookeeperClient().getZooKeeper());

                await("the node belongs to a new session", () -> {
                    try {
                        Stat stat = observer.checkExists().forPath(node);
                        long now = provider.getZookeeperClient().getZooKeeper().getSessionId();
                        return stat != null && stat.getEphemeralOwner() != before && stat.getEphemeralOwner() == now;
                    } catch (Exception e) {
                        return false;
                    }
                });
                Greeter greeter = client.proxy(Greeter.class);
                await("a takes calls", () -> answering(greeter, 5).equals(Set.of("a")));
            } finally {
                a.close();
            }
            await("a's node is deleted on close", () -> {
                try {
                    return observer.checkExists().forPath(PROVIDERS + "127.0.0.1:" + a.port()) == null;
                } catch (Exception e) {
                    return false;
                }
            });
            serverSide.close();
            assertThat(provider.getState()).as("the application's client stays open")
                    .isEqualTo(CuratorFrameworkState.STARTED);
            assertThat(provider.getChildren().forPath("/")).contains("zookeeper");
        } finally {
            observer.close();
            provider.close();
        }
    }

    @Test
    void aConsumerWhoseSessionExpiresRebuildsItsProvidersFromTheServer() throws Exception {
        CuratorFramework consumer = TestZooKeeper.curator(zooKeeper);
        try (ZooKeeperRegistry serverSide = registry(zooKeeper);
             ZooKeeperRegistry clientSide = ZooKeeperRegistry.builder().curator(consumer).build();
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer a = greeter("a", serverSide);
            RpcServer b = greeter("b", serverSide);
            RpcServer c = null;
            try {
                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder);
                assertThat(recorder.ports()).containsExactlyInAnyOrder(a.port(), b.port());

                KillSession.kill(consumer.getZookeeperClient().getZooKeeper());
                b.close();
                c = greeter("c", serverSide);
                RpcServer started = c;

                await("a and c are listed", () -> recorder.ports().equals(Set.of(a.port(), started.port())));
                Greeter greeter = client.proxy(Greeter.class);
                await("a and c take calls", () -> answering(greeter, 20).equals(Set.of("a", "c")));
            } finally {
                a.close();
                b.close();
                if (c != null) {
                    c.close();
                }
            }
        } finally {
            consumer.close();
        }
    }
}
