package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import java.util.HashSet;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A provider that keeps timing out stops getting calls once ejected, whatever the balancing policy (round robin here,
 * which alone would keep sending it its share).
 */
class OutlierEjectionTest {

    /** Slow on one provider, quick on the other. */
    public interface Flaky {

        String call();

        void fail();
    }

    private RpcServer slow;
    private RpcServer quick;

    @AfterEach
    void stop() {
        slow.closeNow();
        quick.close();
    }

    private static Flaky provider(String name, long delayMillis) {
        return new Flaky() {
            @Override
            public String call() {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return name;
            }

            @Override
            public void fail() {
                throw new IllegalStateException(name);
            }
        };
    }

    private void startServers() {
        slow = RpcServer.builder().host("127.0.0.1").service(Flaky.class, provider("slow", 10_000)).start();
        quick = RpcServer.builder().host("127.0.0.1").service(Flaky.class, provider("quick", 0)).start();
    }

    private RpcClient client(int threshold) {
        return RpcClient.builder().addresses("127.0.0.1:" + slow.port() + ",127.0.0.1:" + quick.port())
                .options(o -> o.connectionsPerProvider(1).callTimeout(Duration.ofMillis(200))
                .loadBalance(LoadBalance.ROUND_ROBIN).outlierFailures(threshold)
                .ejectionTime(Duration.ofMinutes(5)).maxEjectionTime(Duration.ofMinutes(5))).build();
    }

    private static List<String> outcomes(Flaky flaky, int calls) {
        List<String> outcomes = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            try {
                outcomes.add(flaky.call());
            } catch (RpcTimeoutException e) {
                outcomes.add("timeout");
            }
        }
        return outcomes;
    }

    @Test
    void afterThresholdFailuresTheProviderIsLeftAlone() {
        startServers();
        try (RpcClient client = client(2)) {
            Flaky flaky = client.proxy(Flaky.class);
            awaitBoth(flaky);
            List<String> outcomes = outcomes(flaky, 30);
            assertThat(outcomes).filteredOn("timeout"::equals).hasSizeLessThanOrEqualTo(2);
            assertThat(outcomes.subList(10, 30)).containsOnly("quick");
        }
    }

    @Test
    void exceptionsThrownByTheServiceDoNotTripIt() {
        startServers();
        try (RpcClient client = client(1)) {
            Flaky flaky = client.proxy(Flaky.class);
            Set<String> failedOn = new HashSet<>();
            for (int i = 0; i < 200 && failedOn.size() < 2; i++) {
                try {
                    flaky.fail();
                } catch (IllegalStateException expected) {
                    failedOn.add(expected.getMessage());
                }
            }
            assertThat(failedOn).containsExactlyInAnyOrder("slow", "quick");
            List<String> outcomes = outcomes(flaky, 4);
            assertThat(outcomes).contains("timeout");
        }
    }

    @Test
    void withoutEjectionTheSlowProviderKeepsGettingCalls() {
        startServers();
        try (RpcClient client = client(0)) {
            Flaky flaky = client.proxy(Flaky.class);
            awaitBoth(flaky);
            assertThat(outcomes(flaky, 10)).filteredOn("timeout"::equals).hasSizeGreaterThanOrEqualTo(4);
        }
    }

    /** Both providers have said hello: a call that times out has reached the slow one. */
    private static void awaitBoth(Flaky flaky) {
        boolean sawQuick = false;
        for (int i = 0; i < 50 && !sawQuick; i++) {
            try {
                sawQuick = "quick".equals(flaky.call());
            } catch (RpcTimeoutException e) {
                // the slow one
            }
        }
        assertThat(sawQuick).isTrue();
    }
}
