package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.zookeeper.internal.ProviderWatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.brisk.rpc.zookeeper.TestZooKeeper.answering;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.await;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.greeter;
import static dev.brisk.rpc.zookeeper.TestZooKeeper.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Servers announce themselves through ZooKeeper; a client that knows only ZooKeeper finds, spreads and drops them. */
class DiscoveryTest {

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
    void aClientThatKnowsOnlyZooKeeperFindsAndCallsARegisteredServer() {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper)) {
            RpcServer server = RpcServer.builder().host("127.0.0.1").port(0).registry(serverSide)
                    .options(o -> o.weight(7)
                    .version("2.1").metadata(Map.of("zone", "z1"))).service(Greeter.class, new NamedGreeter("a"))
                    .start();
            try (ZooKeeperRegistry clientSide = ZooKeeperRegistry.builder()
                    .connectString(zooKeeper.getConnectString()).build();
                 RpcClient client = RpcClient.builder().registry(clientSide).build()) {
                assertThat(client.proxy(Greeter.class).greet("zk")).isEqualTo("a:zk");

                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder).close();
                assertThat(recorder.reports).containsExactly(List.of(new ProviderInfo(Greeter.class.getName(),
                        "127.0.0.1", server.port(), 7, "2.1", Map.of("zone", "z1"))));
            } finally {
                server.close();
            }
        }
    }

    @Test
    void aSubscriptionHearsTheWholeSetAsServersComeAndGo() {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper)) {
            TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
            clientSide.subscribe(Greeter.class.getName(), recorder);
            assertThat(recorder.reports).containsExactly(List.of());

            RpcServer a = greeter("a", serverSide);
            await("a is listed", () -> recorder.ports().equals(Set.of(a.port())));
            RpcServer b = greeter("b", serverSide);
            await("a and b are listed", () -> recorder.ports().equals(Set.of(a.port(), b.port())));
            a.close();
            await("only b is listed", () -> recorder.ports().equals(Set.of(b.port())));
            b.close();
            await("nobody is listed", () -> recorder.ports().isEmpty());
            assertThat(recorder.reports).extracting(List::size).containsExactly(0, 1, 2, 1, 0);
            assertThat(recorder.reports.stream().flatMap(List::stream)).extracting(ProviderInfo::host)
                    .containsOnly("127.0.0.1");
        }
    }

    @Test
    void aJoiningServerTakesCallsAndOneLeavingGracefullyIsDroppedWithoutFailedCalls() throws Exception {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide)
                     .options(o -> o.callTimeout(Duration.ofSeconds(5))).build()) {
            RpcServer a = greeter("a", serverSide);
            Greeter greeter = client.proxy(Greeter.class);
            RpcServer b = null;
            try {
                assertThat(greeter.greet("1")).isEqualTo("a:1");

                b = greeter("b", serverSide);
                await("b takes a call", () -> greeter.greet("2").startsWith("b:"));
                assertThat(answering(greeter, 40)).containsExactlyInAnyOrder("a", "b");

                List<Throwable> failures = new CopyOnWriteArrayList<>();
                AtomicInteger calls = new AtomicInteger();
                AtomicBoolean running = new AtomicBoolean(true);
                Thread caller = new Thread(() -> {
                    while (running.get()) {
                        try {
                            greeter.greet("loop");
                            calls.incrementAndGet();
                        } catch (RuntimeException e) {
                            failures.add(e);
                        }
                    }
                });
                caller.start();
                await("calls run", () -> calls.get() > 50);
                a.close();
                int afterClose = calls.get();
                await("calls go on after a left", () -> calls.get() > afterClose + 50);
                running.set(false);
                caller.join();

                assertThat(failures).isEmpty();
                assertThat(answering(greeter, 20)).containsExactly("b");
            } finally {
                a.close();
                if (b != null) {
                    b.close();
                }
            }
        }
    }

    @Test
    void aProviderWhoseProcessDiesDisappearsWhenItsSessionEnds() {
        CuratorFramework dying = TestZooKeeper.curator(zooKeeper);
        ZooKeeperRegistry dyingSide = ZooKeeperRegistry.builder().curator(dying).build();
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper);
             RpcClient client = RpcClient.builder().registry(clientSide).build()) {
            RpcServer a = greeter("a", serverSide);
            RpcServer b = greeter("b", dyingSide);
            Greeter greeter = client.proxy(Greeter.class);
            try {
                TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
                clientSide.subscribe(Greeter.class.getName(), recorder);
                await("a and b are listed", () -> recorder.ports().equals(Set.of(a.port(), b.port())));
                await("b takes a call", () -> greeter.greet("x").startsWith("b:"));

                dying.close(); // the session ends without b unregistering, as when its process dies

                await("b is no longer listed", () -> recorder.ports().equals(Set.of(a.port())));
                assertThat(answering(greeter, 20)).containsExactly("a");
            } finally {
                a.close();
                b.closeNow();
                dyingSide.close();
            }
        }
    }

    @Test
    void aProviderRestartedBeforeItsOldSessionEndedIsNeverDroppedWhenThatSessionEnds() throws Exception {
        CuratorFramework killed = TestZooKeeper.curator(zooKeeper);
        try (ZooKeeperRegistry restarted = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper)) {
            // the node the killed process left: its session lives on until it expires
            killed.create().creatingParentContainersIfNeeded().withMode(CreateMode.EPHEMERAL)
                    .forPath("/brisk/services/orders/providers/10.0.0.1:7000", new byte[0]);   // every default
            ProviderInfo other = new ProviderInfo("orders", "10.0.0.2", 7000, 100, "", Map.of());
            restarted.register(other);   // another provider, so a set without the restarted one is not empty
            TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
            clientSide.subscribe("orders", recorder);
            ProviderInfo provider = new ProviderInfo("orders", "10.0.0.1", 7000, 100, "", Map.of());
            await("the leftover node is listed", () -> recorder.last() != null && recorder.last().size() == 2);

            // the restarted process replaces the node (clients drop the dead process's connections and connect anew)
            restarted.register(provider);
            await("the restarted provider is listed", () -> recorder.last().size() == 2);
            int registered = recorder.reports.size();
            killed.close();   // the old session ends

            Thread.sleep(TestZooKeeper.SESSION.toMillis() + 1000);
            assertThat(recorder.last()).containsExactlyInAnyOrder(provider, other);
            assertThat(recorder.reports.subList(registered - 1, recorder.reports.size()))
                    .as("the restarted provider stays listed when the old session ends")
                    .allMatch(set -> set.contains(provider));
        } finally {
            killed.close();
        }
    }

    @Test
    void registeringAgainReplacesTheDataAndUnregisteringDeletesTheNode() {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper)) {
            TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
            clientSide.subscribe("orders", recorder);
            ProviderInfo first = new ProviderInfo("orders", "10.0.0.1", 7000, 10, "1", Map.of());
            ProviderInfo second = new ProviderInfo("orders", "10.0.0.1", 7000, 20, "2", Map.of("zone", "b"));
            serverSide.register(first);
            await("the first is listed", () -> List.of(first).equals(recorder.last()));
            serverSide.register(second);
            await("the second replaces it", () -> List.of(second).equals(recorder.last()));
            serverSide.unregister(second);
            await("nothing is listed", () -> List.of().equals(recorder.last()));
            serverSide.unregister(second);
            assertThat(recorder.reports).containsExactly(List.of(), List.of(first), List.of(second), List.of());
        }
    }

    @Test
    void aSetThatIsEmptyForLessThanTheGraceIsNeverReportedEmpty() throws Exception {
        try (ZooKeeperRegistry serverSide = registry(zooKeeper); ZooKeeperRegistry clientSide = registry(zooKeeper)) {
            TestZooKeeper.Recorder recorder = new TestZooKeeper.Recorder();
            clientSide.subscribe("orders", recorder);
            ProviderInfo provider = ProviderInfo.of("orders", "10.0.0.1", 7000);
            serverSide.register(provider);
            await("the provider is listed", () -> List.of(provider).equals(recorder.last()));
            // gone and back, as a provider whose session was replaced: long enough for the cache to see the gap
            serverSide.unregister(provider);
            Thread.sleep(300);
            serverSide.register(provider);
            Thread.sleep(ProviderWatch.EMPTY_GRACE.toMillis() + 300);
            assertThat(recorder.reports).containsExactly(List.of(), List.of(provider));
            // an empty set that lasts is reported once the grace is over
            serverSide.unregister(provider);
            await("nothing is listed", () -> List.of().equals(recorder.last()));
            assertThat(recorder.reports).containsExactly(List.of(), List.of(provider), List.of());
        }
    }

    @Test
    void aClosedSubscriptionHearsNothingMoreAndAClosedRegistryRefusesWork() {
        ZooKeeperRegistry serverSide = registry(zooKeeper);
        try (ZooKeeperRegistry clientSide = registry(zooKeeper)) {
            TestZooKeeper.Recorder closed = new TestZooKeeper.Recorder();
            TestZooKeeper.Recorder open = new TestZooKeeper.Recorder();
            clientSide.subscribe("orders", closed).close();
            clientSide.subscribe("orders", open);
            serverSide.register(ProviderInfo.of("orders", "10.0.0.1", 7000));
            await("the open subscription hears of it", () -> open.ports().equals(Set.of(7000)));
            serverSide.close();
            await("closing the registry deletes its nodes", () -> open.ports().isEmpty());
            assertThat(closed.reports).containsExactly(List.of());
            assertThatThrownBy(() -> serverSide.register(
                    ProviderInfo.of("orders", "10.0.0.1", 7001))).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the registry is closed");
        }
    }
}
