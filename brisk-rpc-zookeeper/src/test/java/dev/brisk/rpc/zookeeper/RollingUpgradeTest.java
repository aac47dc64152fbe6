package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.RpcService;
import dev.brisk.rpc.spi.ProviderInfo;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A mixed fleet discovered through ZooKeeper: release 1 providers of {@link Greeter}, release 2 ones that also offer
 * {@code farewell}, and a canary group. Versions and groups travel in the provider nodes and in the hellos.
 */
class RollingUpgradeTest {

    /** Release 2 of {@link Greeter}: the same service with one method more. */
    @RpcService("dev.brisk.rpc.zookeeper.Greeter")
    public interface GreeterV2 {

        String greet(String who);

        String farewell(String who);
    }

    private TestingServer zooKeeper;
    private ZooKeeperRegistry serverSide;
    private ZooKeeperRegistry clientSide;
    private final List<RpcServer> servers = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        zooKeeper = TestZooKeeper.server();
        serverSide = registry(zooKeeper);
        clientSide = registry(zooKeeper);
    }

    @AfterEach
    void stop() throws Exception {
        servers.forEach(RpcServer::close);
        clientSide.close();
        serverSide.close();
        zooKeeper.close();
    }

    private void v1(String name) {
        servers.add(RpcServer.builder().host("127.0.0.1").registry(serverSide)
                .options(o -> o.ioThreads(1).version("1.4.2"))
                .service(Greeter.class, new NamedGreeter(name)).start());
    }

    private void v2(String name, String version, String group) {
        servers.add(RpcServer.builder().host("127.0.0.1").registry(serverSide)
                .options(o -> o.ioThreads(1).version(version).group(group))
                .service(GreeterV2.class, new GreeterV2() {
                    @Override
                    public String greet(String who) {
                        return name + ":" + who;
                    }

                    @Override
                    public String farewell(String who) {
                        return name + ":bye " + who;
                    }
                }).start());
    }

    private static Set<String> answering(int calls, Supplier<String> call) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < calls; i++) {
            String answer = call.get();
            names.add(answer.substring(0, answer.indexOf(':')));
        }
        return names;
    }

    @Test
    void callsReachOnlyProvidersWithTheMethodTheVersionAndTheGroup() {
        v1("a");
        v1("b");
        v2("c", "2.0.0", "");
        v2("d", "2.0.1", "");
        v2("e", "2.1.0", "canary");
        try (RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            client.awaitProviders(GreeterV2.class, 5, Duration.ofSeconds(10));
            GreeterV2 greeter = client.proxy(GreeterV2.class);

            int failed = 0;
            Set<String> farewells = new HashSet<>();
            for (int i = 0; i < 300; i++) {
                try {
                    String answer = greeter.farewell("x");
                    farewells.add(answer.substring(0, answer.indexOf(':')));
                } catch (RpcException e) {
                    failed++;
                }
            }
            assertThat(failed).as("failed calls to the release 2 method").isZero();
            assertThat(farewells).containsExactlyInAnyOrder("c", "d");

            assertThat(answering(300, () -> greeter.greet("x"))).containsExactlyInAnyOrder("a", "b", "c", "d");
            GreeterV2 twos = client.proxy(GreeterV2.class, ref -> ref.version("[2.0,2.1)"));
            assertThat(answering(200, () -> twos.greet("x"))).containsExactlyInAnyOrder("c", "d");
            GreeterV2 canary = client.proxy(GreeterV2.class, ref -> ref.group("canary"));
            assertThat(answering(50, () -> canary.farewell("x"))).containsExactly("e");

            assertThatThrownBy(() -> client.proxy(GreeterV2.class, ref -> ref.version("[3.0,)")).greet("x"))
                    .isInstanceOf(NoProviderException.class)
                    .hasMessageContaining("none of the 5 providers of " + Greeter.class.getName()
                            + " has version [3.0,) and no group")
                    .hasMessageContaining("version 1.4.2").hasMessageContaining("version 2.1.0 group canary");
        }
    }

    @Test
    void theProviderNodesCarryVersionAndGroup() {
        v2("e", "2.1.0", "canary");
        TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
        clientSide.subscribe(Greeter.class.getName(), recorder);
        await("e is listed", () -> recorder.ports().size() == 1);
        ProviderInfo listed = recorder.last().get(0);
        assertThat(listed).isEqualTo(new ProviderInfo(Greeter.class.getName(), "127.0.0.1", servers.get(0).port(),
                ProviderInfo.DEFAULT_WEIGHT, "2.1.0", Map.of(), "canary"));
        assertThat(recorder.reports.stream().flatMap(List::stream).map(ProviderInfo::group)
                .collect(Collectors.toSet())).containsExactly("canary");
    }
}
