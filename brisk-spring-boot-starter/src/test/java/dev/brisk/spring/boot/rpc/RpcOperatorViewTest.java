package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.ProviderState;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.ServerState;
import dev.brisk.spring.boot.rpc.consumer.Checkout;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code rpc} actuator endpoint of a provider and a consumer Boot application: the server's state and the
 * references' providers, the server taken out of and back into its registry, one provider taken out of the consumer's
 * rotation and put back, and the health details that go with them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RpcOperatorViewTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String EXPOSE = "management.endpoints.web.exposure.include=health,rpc";

    private ConfigurableApplicationContext provider;
    private ConfigurableApplicationContext consumer;

    @BeforeAll
    void start() {
        provider = RpcApps.run(ProviderApplication.class, EXPOSE);
        consumer = RpcApps.run(ConsumerApplication.class, EXPOSE,
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

    private static JsonNode json(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private String address() {
        return "127.0.0.1:" + RpcApps.rpcPort(provider);
    }

    @Test
    void theEndpointShowsTheServerAndTheReferencesProviders() {
        JsonNode server = json(RpcApps.get(provider, "/actuator/rpc")).get("server");
        assertThat(server.get("state").asString()).isEqualTo("SERVING");
        assertThat(server.get("port").asInt()).isEqualTo(RpcApps.rpcPort(provider));
        assertThat(server.get("services").get(0).asString()).isEqualTo(Greeter.class.getName());

        consumer.getBean(Checkout.class).remote().greet("ann");
        JsonNode view = json(RpcApps.get(consumer, "/actuator/rpc"));
        assertThat(view.has("server")).isFalse();
        JsonNode greeter = view.at("/references/" + Greeter.class.getName().replace("/", "~1"));
        assertThat(greeter.get("ready").asInt()).isEqualTo(1);
        assertThat(greeter.get("total").asInt()).isEqualTo(1);
        JsonNode one = greeter.get("providers").get(0);
        assertThat(one.get("address").asString()).isEqualTo(address());
        assertThat(one.get("state").asString()).isEqualTo("READY");
        assertThat(one.get("connections").asInt()).isPositive();
        assertThat(one.has("averageAnswerMillis")).isTrue();
    }

    @Test
    void theServerGoesOfflineAndOnlineThroughTheEndpoint() {
        RpcServerLifecycle lifecycle = provider.getBean(RpcServerLifecycle.class);
        JsonNode offline = json(RpcApps.post(provider, "/actuator/rpc/offline"));
        try {
            assertThat(offline.get("state").asString()).isEqualTo("OFFLINE");
            assertThat(lifecycle.server().orElseThrow().state()).isEqualTo(ServerState.OFFLINE);
            // offline is no failure: the server still serves; health tells it
            HttpResponse<String> health = RpcApps.get(provider, "/actuator/health/rpc");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"state\":\"offline\"");
        } finally {
            JsonNode online = json(RpcApps.post(provider, "/actuator/rpc/online"));
            assertThat(online.get("state").asString()).isEqualTo("SERVING");
        }
        assertThat(RpcApps.post(provider, "/actuator/rpc/sideways").statusCode()).isEqualTo(400);
        HttpResponse<String> noServer = RpcApps.post(consumer, "/actuator/rpc/offline");
        assertThat(noServer.statusCode()).isEqualTo(400);
        assertThat(noServer.body()).contains("no RPC server runs here");
    }

    @Test
    void oneProviderLeavesTheConsumersRotationAndComesBack() {
        Greeter remote = consumer.getBean(Checkout.class).remote();
        RpcClient client = consumer.getBean(RpcClient.class);
        assertThat(remote.greet("bob")).isEqualTo("hello bob from provider");
        JsonNode offline = json(RpcApps.post(consumer, "/actuator/rpc/offline/" + address()));
        try {
            assertThat(offline.get("changed").asBoolean()).isTrue();
            assertThat(offline.get("offlineProviders").get(0).asString()).isEqualTo(address());
            assertThat(client.providers(Greeter.class).providers().get(0).state()).isEqualTo(ProviderState.OFFLINE);
            assertThatThrownBy(() -> remote.greet("cy")).isInstanceOf(NoProviderException.class);
            assertThat(RpcApps.get(consumer, "/actuator/health/rpc").body()).contains("\"ready\":0");
        } finally {
            json(RpcApps.post(consumer, "/actuator/rpc/online/" + address()));
        }
        assertThat(remote.greet("cy")).isEqualTo("hello cy from provider");
        assertThat(RpcApps.get(consumer, "/actuator/health/rpc").body()).contains("\"ready\":1");
        assertThat(RpcApps.post(consumer, "/actuator/rpc/offline/nowhere").statusCode()).isEqualTo(400);
    }
}
