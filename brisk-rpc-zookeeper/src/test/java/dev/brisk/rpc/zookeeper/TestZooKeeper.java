package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A real ZooKeeper with short sessions, registries and clients on it, and waiting with a deadline. */
final class TestZooKeeper {

    static final Duration SESSION = Duration.ofSeconds(2);
    static final Duration DEADLINE = Duration.ofSeconds(30);

    private TestZooKeeper() {
    }

    /** A started server whose 100 ms tick allows sessions from 100 ms to 2 s. */
    static TestingServer server() throws Exception {
        return new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1), true);
    }

    /** A started ensemble of three whose 100 ms tick allows sessions from 100 ms to 2 s. */
    static TestingCluster cluster() throws Exception {
        TestingCluster cluster = new TestingCluster(List.of(spec(1), spec(2), spec(3)));
        cluster.start();
        return cluster;
    }

    private static InstanceSpec spec(int id) {
        return new InstanceSpec(null, -1, -1, -1, true, id, 100, -1);
    }

    static ZooKeeperRegistry registry(TestingServer server) {
        return registry(server.getConnectString());
    }

    static ZooKeeperRegistry registry(String connectString) {
        return ZooKeeperRegistry.builder().connectString(connectString).sessionTimeout(SESSION)
                .connectionTimeout(Duration.ofSeconds(2)).retryBaseSleep(Duration.ofMillis(100))
                .retryMaxSleep(Duration.ofMillis(500)).build();
    }

    /** A started Curator client, as an application would hand one to the registry. */
    static CuratorFramework curator(TestingServer server) {
        return curator(server.getConnectString());
    }

    static CuratorFramework curator(String connectString) {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connectString)
                .sessionTimeoutMs((int) SESSION.toMillis()).connectionTimeoutMs(2000)
                .retryPolicy(new ExponentialBackoffRetry(100, 3, 500)).build();
        client.start();
        return client;
    }

    static RpcServer greeter(String name, Registry registry) {
        return RpcServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)).registry(registry)
                .service(Greeter.class, new NamedGreeter(name)).start();
    }

    /** Polls {@code condition} until it holds, failing with {@code what} at the deadline. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting until " + what);
            }
        }
    }

    /** Waits until {@code client} reports {@code state}. */
    static void awaitState(CuratorFramework client, ConnectionState state) {
        List<ConnectionState> seen = new CopyOnWriteArrayList<>();
        client.getConnectionStateListenable().addListener((c, s) -> seen.add(s));
        await("the ZooKeeper client is " + state, () -> seen.contains(state));
    }

    /** Which servers took {@code calls} calls. */
    static Set<String> answering(Greeter greeter, int calls) {
        return IntStream.range(0, calls).mapToObj(i -> greeter.greet("x"))
                .map(answer -> answer.substring(0, answer.indexOf(':'))).collect(Collectors.toSet());
    }

    /** Remembers every set a subscription reports. */
    static final class Recorder implements Registry.ProviderListener {

        final List<List<ProviderInfo>> reports = new CopyOnWriteArrayList<>();

        @Override
        public void providersChanged(List<ProviderInfo> providers) {
            reports.add(providers);
        }

        List<ProviderInfo> last() {
            return reports.isEmpty() ? null : reports.get(reports.size() - 1);
        }

        Set<Integer> ports() {
            List<ProviderInfo> last = last();
            return last == null ? Set.of() : last.stream().map(ProviderInfo::port).collect(Collectors.toSet());
        }

        Supplier<Set<Integer>> portsNow() {
            return this::ports;
        }
    }
}
