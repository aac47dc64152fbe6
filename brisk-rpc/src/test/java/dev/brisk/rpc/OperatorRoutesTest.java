package dev.brisk.rpc;

import dev.brisk.rpc.http.OperatorRoutes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The operator's routes of the HTTP face over real sockets: absent unless asked for, a bearer token or the loopback
 * interface required, 405 with {@code Allow} for the wrong method, and the providers, offline and online answered.
 */
class OperatorRoutesTest {

    private static final String TOKEN = "s3cr3t-operator-token-0123456789abcdef";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final StaticRegistry registry = StaticRegistry.create();
    private RpcServer server;
    private RpcServer upstream;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    private HttpResponse<String> send(String host, String method, String path, String authorization)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> send(String method, String path, String authorization) throws Exception {
        return send("127.0.0.1", method, path, authorization);
    }

    private void start(OperatorRoutes.Builder routes) {
        upstream = RpcServer.builder().host("127.0.0.1").service(Named.class, Named.as("upstream")).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + upstream.port()).build();
        client.awaitProviders(Named.class, 1, Duration.ofSeconds(10));
        server = RpcServer.builder().host("127.0.0.1").registry(registry).options(o -> o.advertisedHost("127.0.0.1"))
                .service(Named.class, Named.as("edge")).http(true)
                .operatorRoutes(routes.client("upstreams", client).build()).start();
    }

    @Test
    void withoutOperatorRoutesTheyAreNotFound() throws Exception {
        server = RpcServer.builder().host("127.0.0.1").service(Named.class, Named.as("edge")).http(true).start();
        assertThat(send("GET", "/rpc/providers", null).statusCode()).isEqualTo(404);
        assertThat(send("POST", "/rpc/offline", "Bearer " + TOKEN).statusCode()).isEqualTo(404);
        assertThat(send("POST", "/rpc/online", null).statusCode()).isEqualTo(404);
        assertThat(send("GET", "/rpc", null).statusCode()).isEqualTo(200);
    }

    @Test
    void aMissingOrWrongTokenIsUnauthorized() throws Exception {
        start(OperatorRoutes.builder().bearerToken(TOKEN));
        for (String authorization : new String[] {null, "Bearer wrong", "Basic " + TOKEN, "Bearer " + TOKEN + "x",
                "Bearer"}) {
            HttpResponse<String> response = send("GET", "/rpc/providers", authorization);
            assertThat(response.statusCode()).as(String.valueOf(authorization)).isEqualTo(401);
            assertThat(response.headers().firstValue("www-authenticate")).hasValue("Bearer realm=\"brisk-rpc\"");
            assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        }
        assertThat(send("POST", "/rpc/offline", "Bearer nope").statusCode()).isEqualTo(401);
        assertThat(server.state()).isEqualTo(ServerState.SERVING);
    }

    @Test
    void theProvidersOfTheGivenClientsAndTheServersState() throws Exception {
        start(OperatorRoutes.builder().bearerToken(TOKEN));
        HttpResponse<String> response = send("GET", "/rpc/providers", "bearer " + TOKEN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.at("/server/state").asString()).isEqualTo("SERVING");
        assertThat(body.at("/server/port").asInt()).isEqualTo(server.port());
        assertThat(body.at("/server/services/0").asString()).isEqualTo(Named.class.getName());
        JsonNode service = body.at("/clients/upstreams/0");
        assertThat(service.get("service").asString()).isEqualTo(Named.class.getName());
        assertThat(service.get("ready").asInt()).isEqualTo(1);
        JsonNode provider = service.at("/providers/0");
        assertThat(provider.get("address").asString()).isEqualTo("127.0.0.1:" + upstream.port());
        assertThat(provider.get("state").asString()).isEqualTo("READY");
        assertThat(provider.get("weight").asInt()).isEqualTo(100);
        assertThat(provider.get("connections").asInt()).isEqualTo(2);
        assertThat(provider.get("inFlight").asInt()).isZero();
        assertThat(provider.get("ejections").asLong()).isZero();
    }

    @Test
    void offlineAndOnlineChangeTheRegistrationAndAnswerTheState() throws Exception {
        start(OperatorRoutes.builder().bearerToken(TOKEN));
        assertThat(registry.providers(Named.class.getName())).hasSize(1);
        HttpResponse<String> offline = send("POST", "/rpc/offline", "Bearer " + TOKEN);
        assertThat(offline.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(offline.body()).get("state").asString()).isEqualTo("OFFLINE");
        assertThat(server.state()).isEqualTo(ServerState.OFFLINE);
        assertThat(registry.providers(Named.class.getName())).isEmpty();
        assertThat(send("POST", "/rpc/offline", "Bearer " + TOKEN).statusCode()).isEqualTo(200);

        HttpResponse<String> online = send("POST", "/rpc/online", "Bearer " + TOKEN);
        assertThat(online.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(online.body()).get("state").asString()).isEqualTo("SERVING");
        assertThat(registry.providers(Named.class.getName())).hasSize(1);
    }

    @Test
    void theWrongMethodIsAnswered405WithAllow() throws Exception {
        start(OperatorRoutes.builder().bearerToken(TOKEN));
        HttpResponse<String> post = send("POST", "/rpc/providers", "Bearer " + TOKEN);
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow").orElse("")).contains("GET");
        HttpResponse<String> get = send("GET", "/rpc/offline", "Bearer " + TOKEN);
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("allow").orElse("")).contains("POST");
        assertThat(send("DELETE", "/rpc/online", "Bearer " + TOKEN).statusCode()).isEqualTo(405);
        assertThat(server.state()).isEqualTo(ServerState.SERVING);
    }

    @Test
    void loopbackOnlyServesTheLoopbackWithoutATokenAndRefusesOthers() throws Exception {
        server = RpcServer.builder().host("0.0.0.0").service(Named.class, Named.as("edge")).http(true)
                .operatorRoutes(OperatorRoutes.builder().loopbackOnly(true).build()).start();
        assertThat(send("GET", "/rpc/providers", null).statusCode()).isEqualTo(200);
        Optional<InetAddress> external = externalAddress();
        assumeTrue(external.isPresent(), "no non-loopback IPv4 address to call from");
        HttpResponse<String> response = send(external.get().getHostAddress(), "GET", "/rpc/providers", null);
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(send(external.get().getHostAddress(), "POST", "/rpc/offline", null).statusCode()).isEqualTo(403);
        assertThat(server.state()).isEqualTo(ServerState.SERVING);
    }

    @Test
    void loopbackOnlyAndATokenAskForBoth() throws Exception {
        start(OperatorRoutes.builder().bearerToken(TOKEN).loopbackOnly(true));
        assertThat(send("GET", "/rpc/providers", null).statusCode()).isEqualTo(401);
        assertThat(send("GET", "/rpc/providers", "Bearer " + TOKEN).statusCode()).isEqualTo(200);
    }

    @Test
    void operatorRoutesNeedAccessControlAndTheHttpFace() {
        assertThatThrownBy(() -> OperatorRoutes.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bearerToken").hasMessageContaining("loopbackOnly");
        assertThatThrownBy(() -> OperatorRoutes.builder().bearerToken(" ")).isInstanceOf(
                IllegalArgumentException.class);
        OperatorRoutes routes = OperatorRoutes.builder().bearerToken(TOKEN).build();
        assertThat(routes.toString()).doesNotContain(TOKEN);
        assertThatThrownBy(() -> RpcServer.builder().host("127.0.0.1").service(Named.class, Named.as("x"))
                .operatorRoutes(routes).start()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("http(true)");
    }

    private static Optional<InetAddress> externalAddress() throws SocketException {
        for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!network.isUp() || network.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(network.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                    return Optional.of(address);
                }
            }
        }
        return Optional.empty();
    }
}
