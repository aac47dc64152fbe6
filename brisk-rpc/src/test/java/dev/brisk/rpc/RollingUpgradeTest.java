package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A fleet in the middle of a rolling upgrade, through real sockets: providers of release 1 (without
 * {@code cancel}) and of release 2 (with it) offer the same service. Calls go only to providers that have the method,
 * version and group choices reach only the providers they name, and a call nobody can take fails at once saying why.
 */
class RollingUpgradeTest {

    /** The service as release 1 offers it. */
    @RpcService("orders")
    public interface OrdersV1 {

        String place(String item);
    }

    /** The service as release 2 offers it, and as an upgraded consumer calls it. */
    @RpcService("orders")
    public interface OrdersV2 {

        String place(String item);

        String cancel(String order);
    }

    /** A release nobody runs yet. */
    @RpcService("orders")
    public interface OrdersV3 {

        String refund(String order);
    }

    private static final int CALLS = 400;

    private final List<RpcServer> servers = new ArrayList<>();
    private final List<RpcClient> clients = new ArrayList<>();
    private StaticRegistry registry;

    @BeforeEach
    void startRegistry() {
        registry = StaticRegistry.create();
    }

    @AfterEach
    void stop() {
        clients.forEach(RpcClient::close);
        servers.forEach(RpcServer::close);
    }

    private RpcServer v1(String name, String version, String group) {
        return start(RpcServer.builder().service(OrdersV1.class, item -> name + ":" + item), version, group);
    }

    private RpcServer v2(String name, String version, String group) {
        return start(RpcServer.builder().service(OrdersV2.class, new OrdersV2() {
            @Override
            public String place(String item) {
                return name + ":" + item;
            }

            @Override
            public String cancel(String order) {
                return name + ":cancelled " + order;
            }
        }), version, group);
    }

    private RpcServer start(RpcServer.Builder builder, String version, String group) {
        RpcServer server = builder.host("127.0.0.1").registry(registry)
                .options(o -> o.ioThreads(1).workerThreads(8).version(version).group(group)).start();
        servers.add(server);
        return server;
    }

    private RpcClient client(LoadBalance loadBalance) {
        RpcClient client = RpcClient.builder().registry(registry)
                .options(o -> o.ioThreads(2).loadBalance(loadBalance)).build();
        clients.add(client);
        return client;
    }

    private static String who(String answer) {
        return answer.substring(0, answer.indexOf(':'));
    }

    /** Two providers of each release, no group. */
    private void mixedFleet() {
        v1("v1a", "1.0.0", "");
        v1("v1b", "1.0.0", "");
        v2("v2a", "2.0.0", "");
        v2("v2b", "2.0.0", "");
    }

    @Test
    void noCallToANewMethodFailsInAMixedFleetWhateverTheBalancer() throws Exception {
        mixedFleet();
        for (LoadBalance loadBalance : LoadBalance.values()) {
            RpcClient client = client(loadBalance);
            client.awaitProviders(OrdersV2.class, 4, Duration.ofSeconds(10));
            OrdersV2 orders = client.proxy(OrdersV2.class);
            Set<String> cancelledBy = ConcurrentHashMap.newKeySet();
            AtomicInteger failed = new AtomicInteger();
            ExecutorService callers = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    done.add(callers.submit(() -> {
                        for (int i = 0; i < CALLS / 8; i++) {
                            try {
                                cancelledBy.add(who(orders.cancel("o" + thread + "-" + i)));
                            } catch (RpcException e) {
                                failed.incrementAndGet();
                            }
                        }
                    }));
                }
                for (Future<?> future : done) {
                    future.get(30, TimeUnit.SECONDS);
                }
            } finally {
                callers.shutdownNow();
            }
            assertThat(failed).as("failed cancel calls with " + loadBalance).hasValue(0);
            if (loadBalance == LoadBalance.CONSISTENT_HASH) {
                assertThat(cancelledBy).as("with " + loadBalance).isSubsetOf("v2a", "v2b").isNotEmpty();
            } else {
                assertThat(cancelledBy).as("with " + loadBalance).containsExactlyInAnyOrder("v2a", "v2b");
            }
        }
    }

    @Test
    void methodsEveryReleaseHasSpreadOverTheWholeFleet() {
        mixedFleet();
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        client.awaitProviders(OrdersV2.class, 4, Duration.ofSeconds(10));
        OrdersV2 orders = client.proxy(OrdersV2.class);
        Set<String> placedBy = new HashSet<>();
        for (int i = 0; i < CALLS; i++) {
            placedBy.add(who(orders.place("pen")));
        }
        assertThat(placedBy).containsExactlyInAnyOrder("v1a", "v1b", "v2a", "v2b");
    }

    @Test
    void aCallMadeBeforeAnyProviderSaidHelloWaitsForOneThatHasTheMethod() {
        mixedFleet();
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        OrdersV2 orders = client.proxy(OrdersV2.class);
        assertThat(who(orders.cancel("first"))).isIn("v2a", "v2b");
    }

    @Test
    void aVersionRangeReachesOnlyTheProvidersInIt() {
        mixedFleet();
        v2("v21", "2.1.0", "");
        v2("v30", "3.0.0", "");
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        client.awaitProviders(OrdersV2.class, 6, Duration.ofSeconds(10));
        OrdersV2 twos = client.proxy(OrdersV2.class, ref -> ref.version("[2.0,3.0)"));
        OrdersV2 exact = client.proxy(OrdersV2.class, ref -> ref.version("2.1"));
        OrdersV2 ones = client.proxy(OrdersV2.class, ref -> ref.version("(,2.0)"));
        Set<String> twoAnswers = new HashSet<>();
        Set<String> exactAnswers = new HashSet<>();
        Set<String> oneAnswers = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            twoAnswers.add(who(twos.place("x")));
            exactAnswers.add(who(exact.place("x")));
            oneAnswers.add(who(ones.place("x")));
        }
        assertThat(twoAnswers).containsExactlyInAnyOrder("v2a", "v2b", "v21");
        assertThat(exactAnswers).containsExactly("v21");
        assertThat(oneAnswers).containsExactlyInAnyOrder("v1a", "v1b");
        assertThat(client.proxy(OrdersV2.class, ref -> ref.version("[2.0,3.0)"))).isSameAs(twos);
    }

    @Test
    void aGroupReachesOnlyItsProvidersAndNoGroupOnlyThoseWithoutOne() {
        mixedFleet();
        v2("canary", "2.1.0", "canary");
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        client.awaitProviders(OrdersV2.class, 5, Duration.ofSeconds(10));
        OrdersV2 plain = client.proxy(OrdersV2.class);
        OrdersV2 canary = client.proxy(OrdersV2.class, ref -> ref.group("canary"));
        OrdersV2 everyGroup = client.proxy(OrdersV2.class, ref -> ref.group("*"));
        Set<String> plainAnswers = new HashSet<>();
        Set<String> canaryAnswers = new HashSet<>();
        Set<String> everyAnswers = new HashSet<>();
        for (int i = 0; i < CALLS; i++) {
            plainAnswers.add(who(plain.place("x")));
            canaryAnswers.add(who(canary.place("x")));
            everyAnswers.add(who(everyGroup.place("x")));
        }
        assertThat(plainAnswers).containsExactlyInAnyOrder("v1a", "v1b", "v2a", "v2b");
        assertThat(canaryAnswers).containsExactly("canary");
        assertThat(everyAnswers).containsExactlyInAnyOrder("v1a", "v1b", "v2a", "v2b", "canary");
    }

    @Test
    void theClientsOwnVersionAndGroupApplyToProxiesThatChooseNone() {
        mixedFleet();
        v2("canary", "2.1.0", "canary");
        RpcClient client = RpcClient.builder().registry(registry)
                .options(o -> o.ioThreads(1).version("[2.0,)").group("*")).build();
        clients.add(client);
        client.awaitProviders(OrdersV2.class, 5, Duration.ofSeconds(10));
        Set<String> answers = new HashSet<>();
        for (int i = 0; i < CALLS; i++) {
            answers.add(who(client.proxy(OrdersV2.class).place("x")));
        }
        assertThat(answers).containsExactlyInAnyOrder("v2a", "v2b", "canary");
        assertThat(who(client.proxy(OrdersV2.class, ref -> ref.group("")).place("x"))).isIn("v2a", "v2b");
    }

    @Test
    void staticAddressesAreSelectedByWhatTheHelloTells() {
        RpcServer one = v1("v1a", "1.0.0", "");
        RpcServer two = v2("v2a", "2.0.0", "blue");
        RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + one.port() + ",127.0.0.1:" + two.port())
                .options(o -> o.ioThreads(1)).build();
        clients.add(client);
        assertThat(who(client.proxy(OrdersV2.class, ref -> ref.version("2.0").group("blue")).place("x")))
                .isEqualTo("v2a");
        assertThat(who(client.proxy(OrdersV1.class).place("x"))).isEqualTo("v1a");
        assertThatThrownBy(() -> client.proxy(OrdersV2.class).cancel("o"))
                .isInstanceOf(UnknownMethodException.class)
                .hasMessageContaining("orders.cancel(java.lang.String) is served by none of its 1 provider with")
                .hasMessageContaining("versions 1.0.0");
    }

    @Test
    void whenNoProviderMatchesTheCallFailsAtOnceSayingWhatRuns() {
        mixedFleet();
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        client.awaitProviders(OrdersV2.class, 4, Duration.ofSeconds(10));

        OrdersV2 threes = client.proxy(OrdersV2.class, ref -> ref.version("[3.0,4.0)"));
        long start = System.nanoTime();
        assertThatThrownBy(() -> threes.place("x"))
                .isInstanceOf(NoProviderException.class)
                .hasMessageContaining("none of the 4 providers of orders has version [3.0,4.0) and no group")
                .hasMessageContaining("version 1.0.0").hasMessageContaining("version 2.0.0");
        assertThatThrownBy(() -> client.proxy(OrdersV2.class, ref -> ref.group("eu")).place("x"))
                .isInstanceOf(NoProviderException.class).hasMessageContaining("group 'eu'");

        OrdersV3 refunds = client.proxy(OrdersV3.class);
        assertThatThrownBy(() -> refunds.refund("o1"))
                .isInstanceOf(UnknownMethodException.class)
                .hasMessageStartingWith("orders.refund(java.lang.String) is served by none of its 4 providers ("
                        + "versions ")
                .hasMessageContaining("they run a version without it");
        assertThatThrownBy(() -> client.proxy(OrdersV2.class, ref -> ref.version("1.0.0")).cancel("o"))
                .isInstanceOf(UnknownMethodException.class)
                .hasMessageContaining("is served by none of its 2 providers with version 1.0.0 and no group "
                        + "(versions 1.0.0, 1.0.0)");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("failing fast, not after the 5 s call timeout").isLessThan(2_000);
    }

    @Test
    void aBadVersionRangeIsRefusedWhereItIsGiven() {
        RpcClient client = RpcClient.builder().registry(registry).options(o -> o.ioThreads(1)).build();
        clients.add(client);
        assertThatThrownBy(() -> client.proxy(OrdersV2.class, ref -> ref.version("[2.0,3.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid version range '[2.0,3.0': ");
        assertThatThrownBy(() -> RpcClientOptions.builder().version("2.x").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid version range '2.x': ");
        assertThatThrownBy(() -> RpcServerOptions.builder().group("*").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("group must not be '*'");
    }

    /**
     * The upgrade itself: release 1 providers are replaced one by one by release 2 ones while a consumer of release 1
     * keeps calling and an upgraded one calls the new method as soon as a provider has it. Nothing fails.
     */
    @Test
    void replacingProvidersOneByOneUnderCallsFailsNothing() throws Exception {
        RpcServer old1 = v1("v1a", "1.0.0", "");
        RpcServer old2 = v1("v1b", "1.0.0", "");
        RpcClient client = client(LoadBalance.LEAST_LOADED);
        client.awaitProviders(OrdersV1.class, 2, Duration.ofSeconds(10));
        OrdersV1 oldConsumer = client.proxy(OrdersV1.class);
        OrdersV2 newConsumer = client.proxy(OrdersV2.class);
        assertThatThrownBy(() -> newConsumer.cancel("early")).isInstanceOf(UnknownMethodException.class);

        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger calls = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            while (running.get()) {
                try {
                    oldConsumer.place("x");
                    calls.incrementAndGet();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }
        });
        caller.start();
        try {
            v2("v2a", "2.0.0", "");
            client.awaitProviders(OrdersV2.class, 3, Duration.ofSeconds(10));
            Set<String> cancelledBy = new HashSet<>();
            for (int i = 0; i < 50; i++) {
                cancelledBy.add(who(newConsumer.cancel("o" + i)));
            }
            assertThat(cancelledBy).containsExactly("v2a");
            old1.close();
            servers.remove(old1);
            v2("v2b", "2.0.0", "");
            old2.close();
            servers.remove(old2);
            client.awaitProviders(OrdersV2.class, 2, Duration.ofSeconds(10));
            Set<String> placedBy = new HashSet<>();
            for (int i = 0; i < 200; i++) {
                placedBy.add(who(oldConsumer.place("x")));
                newConsumer.cancel("o" + i);
            }
            assertThat(placedBy).containsExactlyInAnyOrder("v2a", "v2b");
        } finally {
            running.set(false);
            caller.join(10_000);
        }
        assertThat(failure.get()).as("a call of the old consumer during the upgrade").isNull();
        assertThat(calls.get()).isPositive();
        assertThat(servers.stream().map(s -> s.options().version()).collect(Collectors.toSet()))
                .containsExactly("2.0.0");
    }
}
