package dev.brisk.rpc;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A registry that takes its time to subscribe one service (ZooKeeper waiting for its server) holds up the callers of
 * that service only: the client's other services are subscribed and called meanwhile.
 */
class SlowRegistryTest {

    @Test
    void aSubscriptionThatWaitsDoesNotBlockOtherServices() throws Exception {
        StaticRegistry inner = StaticRegistry.create();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Registry slowForEcho = new Registry() {
            @Override
            public void register(ProviderInfo provider) {
                inner.register(provider);
            }

            @Override
            public void unregister(ProviderInfo provider) {
                inner.unregister(provider);
            }

            @Override
            public Subscription subscribe(String service, ProviderListener listener) {
                if (service.equals(EchoService.class.getName())) {
                    entered.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return inner.subscribe(service, listener);
            }

            @Override
            public void close() {
            }
        };
        RpcServer server = RpcServer.builder().host("127.0.0.1").registry(inner)
                .service(SlowService.class, new SlowServiceImpl("a"))
                .service(EchoService.class, new EchoServiceImpl()).start();
        try (RpcClient client = RpcClient.builder().registry(slowForEcho)
                .options(o -> o.callTimeout(Duration.ofSeconds(5))).build()) {
            Future<EchoService> echoProxy = TestThreads.EXECUTOR.submit(() -> client.proxy(EchoService.class));
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

            // while the echo service's subscription waits, another service is subscribed and answers
            Future<String> other = TestThreads.EXECUTOR.submit(() -> client.proxy(SlowService.class).quick("x"));
            assertThat(other.get(5, TimeUnit.SECONDS)).isEqualTo("a:x");
            assertThat(echoProxy).isNotDone();

            release.countDown();
            assertThat(echoProxy.get(5, TimeUnit.SECONDS).text("hi")).isEqualTo("hi");
        } finally {
            release.countDown();
            server.close();
        }
    }
}
