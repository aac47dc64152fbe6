package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;
import dev.brisk.spring.boot.rpc.consumer.Checkout;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.consumer.Notifier;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import dev.brisk.spring.boot.rpc.provider.ShutdownWitness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A provider and a consumer Boot application in one JVM, the consumer given the provider's address: calls through the
 * injected references, the local implementation kept for plain injection, health, and a graceful stop that lets the
 * call in flight finish (last: it closes the provider).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StaticAddressesTest {

    private ConfigurableApplicationContext provider;
    private ConfigurableApplicationContext consumer;

    @BeforeAll
    void start() {
        provider = RpcApps.run(ProviderApplication.class);
        consumer = RpcApps.run(ConsumerApplication.class,
                "brisk.rpc.client.addresses=127.0.0.1:" + RpcApps.rpcPort(provider));
    }

    @AfterAll
    void stop() {
        if (consumer != null) {
            consumer.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void theConsumerCallsTheProviderThroughEveryKindOfInjectionPoint() {
        Checkout checkout = consumer.getBean(Checkout.class);
        assertThat(checkout.remote().greet("ann")).isEqualTo("hello ann from provider");
        assertThat(consumer.getBean(Notifier.class).notifyUser("bob")).isEqualTo("hello bob from provider");
        @SuppressWarnings("unchecked")
        Supplier<String> greeting = consumer.getBean("remoteGreeting", Supplier.class);
        assertThat(greeting.get()).isEqualTo("hello bean method from provider");
        // one proxy, of the one client; the local implementation everywhere @RpcReference is not asked for
        assertThat(consumer.getBean(Notifier.class).greeter()).isSameAs(checkout.remote());
        assertThat(checkout.remote()).isSameAs(consumer.getBean(RpcClient.class).proxy(Greeter.class));
        assertThat(checkout.local().greet("cy")).isEqualTo("local hello cy");
        assertThat(consumer.getBean(Greeter.class)).isSameAs(checkout.local());
    }

    @Test
    void onlyAnApplicationWithProvidersRunsAServerAndOnlyOneWithReferencesAClient() {
        assertThat(consumer.getBean(RpcServerLifecycle.class).server()).isEmpty();
        assertThat(provider.getBean(RpcServerLifecycle.class).services()).containsExactly(Greeter.class.getName());
        assertThat(provider.getBeanFactory().containsSingleton("briskRpcClient")).isFalse();
        assertThat(consumer.getBeanFactory().containsSingleton("briskRpcClient")).isTrue();
    }

    @Test
    void healthTellsTheServerAndTheReferencedServicesProviders() {
        HttpResponse<String> providerHealth = RpcApps.get(provider, "/actuator/health/rpc");
        assertThat(providerHealth.statusCode()).isEqualTo(200);
        assertThat(providerHealth.body()).contains("\"status\":\"UP\"").contains("\"state\":\"serving\"")
                .contains("\"port\":" + RpcApps.rpcPort(provider)).contains(Greeter.class.getName());
        HttpResponse<String> consumerHealth = RpcApps.get(consumer, "/actuator/health/rpc");
        assertThat(consumerHealth.statusCode()).isEqualTo(200);
        assertThat(consumerHealth.body()).contains("\"status\":\"UP\"").contains("\"providers\":1")
                .contains("127.0.0.1:" + RpcApps.rpcPort(provider)).doesNotContain("\"server\"");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void closingTheProviderDrainsTheCallInFlightWhileTheWebServerStillServesThenClosesBeforeBeansGo()
            throws Exception {
        int port = RpcApps.rpcPort(provider);
        Greeter remote = consumer.getBean(Checkout.class).remote();
        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> remote.greetSlowly("dan", 1500));
        Thread.sleep(300);
        ShutdownWitness.rpcRunningAtDestroy = null;
        CompletableFuture<Void> closing = CompletableFuture.runAsync(provider::close);
        Thread.sleep(300);
        // the RPC server drains first: the web server has not begun its own shutdown yet
        assertThat(inFlight).isNotDone();
        assertThat(RpcApps.get(provider, "/actuator/health").statusCode()).isIn(200, 503);
        assertThat(inFlight.get(5, TimeUnit.SECONDS)).isEqualTo("hello dan from provider");
        closing.get(10, TimeUnit.SECONDS);
        assertThat(ShutdownWitness.rpcRunningAtDestroy).isFalse();
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }
}
