package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static dev.brisk.rpc.zookeeper.TestZooKeeper.answering;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.greeter;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;

/** An ensemble of three: losing the member a client talks to changes nothing it can see. */
class EnsembleTest {

    @Test
    void aClientKeepsFollowingProvidersWhenItsEnsembleMemberDies() throws Exception {
        try (TestingCluster cluster = TestZooKeeper.cluster()) {
            CuratorFramework consumer = TestZooKeeper.curator(cluster.getConnectString());
            try (ZooKeeperRegistry serverSide = registry(cluster.getConnectString());
                 ZooKeeperRegistry clientSide = ZooKeeperRegistry.builder().curator(consumer).build();
                 RpcClient client = RpcClient.builder().registry(clientSide).build()) {
                RpcServer a = greeter("a", serverSide);
                RpcServer b = null;
                try {
                    TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                    clientSide.subscribe(Greeter.class.getName(), recorder);
                    assertThat(recorder.ports()).containsExactly(a.port());

                    InstanceSpec member = cluster.findConnectionInstance(consumer.getZookeeperClient().getZooKeeper());
                    assertThat(cluster.killServer(member)).isTrue();

                    b = greeter("b", serverSide);
                    RpcServer started = b;
                    await("a and b are listed", () -> recorder.ports().equals(Set.of(a.port(), started.port())));
                    Greeter greeter = client.proxy(Greeter.class);
                    await("a and b take calls", () -> answering(greeter, 20).equals(Set.of("a", "b")));
                    assertThat(recorder.reports).allSatisfy(set -> assertThat(set).isNotEmpty());
                } finally {
                    a.close();
                    if (b != null) {
                        b.close();
                    }
                }
            } finally {
                consumer.close();
            }
        }
    }
}
