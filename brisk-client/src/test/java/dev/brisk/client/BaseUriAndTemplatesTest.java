package dev.brisk.client;

import dev.brisk.http.HttpServer;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** baseUri(...) for relative targets and URI templates with encoded variables, as the server receives them. */
class BaseUriAndTemplatesTest extends ClientTestSupport {

    private HttpServer echoTarget() {
        return server(request -> request.response().header("Content-Type", "text/plain")
                .send(request.method() + " " + request.uri()));
    }

    @Test
    void relativeTargetsResolveAgainstTheBaseUri() {
        HttpServer server = echoTarget();
        BriskClient withSlash = client(clientBuilder().baseUri(url(server, "/api/")));
        BriskClient withoutSlash = client(clientBuilder().baseUri(url(server, "/api")));
        BriskClient bare = client(clientBuilder().baseUri("http://127.0.0.1:" + server.port()));

        assertThat(withSlash.get("/users/1").send().bodyAsString()).isEqualTo("GET /users/1");
        assertThat(withSlash.get("users/1").query("a", 1).send().bodyAsString()).isEqualTo("GET /api/users/1?a=1");
        assertThat(withSlash.post("../root").send().bodyAsString()).isEqualTo("POST /root");
        assertThat(withoutSlash.get("users/1").send().bodyAsString()).isEqualTo("GET /users/1");
        assertThat(bare.get("users/1").send().bodyAsString()).isEqualTo("GET /users/1");
        assertThat(withSlash.request(HttpMethod.PUT, URI.create("items?x=y")).send().bodyAsString())
                .isEqualTo("PUT /api/items?x=y");
    }

    @Test
    void absoluteTargetsIgnoreTheBaseUri() {
        HttpServer server = echoTarget();
        BriskClient client = client(clientBuilder().baseUri("http://127.0.0.1:1/api/"));

        assertThat(client.get(url(server, "/direct")).send().bodyAsString()).isEqualTo("GET /direct");
    }

    @Test
    void aRelativeTargetWithoutBaseUriFailsClearly() {
        BriskClient client = client();

        assertThatThrownBy(() -> client.get("/users/1").send()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"/users/1\"").hasMessageContaining("baseUri");
        assertThatThrownBy(() -> clientBuilder().baseUri("/relative")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("baseUri");
    }

    @Test
    void templateVariablesAreEncodedForWhereTheyStand() {
        HttpServer server = server(request -> request.response().header("Content-Type", "text/plain")
                .send(request.uri() + " | " + request.path() + " | " + request.query("q").orElse("-") + " | "
                        + request.query("next").orElse("-")));
        BriskClient client = client(clientBuilder().baseUri(url(server, "/")));

        String seen = client.get("/files/{name}/raw?q={q}&next={n}", "a/b?c#d é", "x&y=z+1 #", 2).send()
                .bodyAsString();

        assertThat(seen).isEqualTo("/files/a%2Fb%3Fc%23d%20%C3%A9/raw?q=x%26y%3Dz%2B1%20%23&next=2"
                + " | /files/a/b?c#d é/raw | x&y=z+1 # | 2");
    }

    @Test
    void everyMethodTakesATemplate() {
        HttpServer server = echoTarget();
        BriskClient client = client();
        String template = "http://127.0.0.1:{port}/things/{id}";

        assertThat(client.get(template, server.port(), 1).send().bodyAsString()).isEqualTo("GET /things/1");
        assertThat(client.post(template, server.port(), 2).send().bodyAsString()).isEqualTo("POST /things/2");
        assertThat(client.put(template, server.port(), 3).send().bodyAsString()).isEqualTo("PUT /things/3");
        assertThat(client.delete(template, server.port(), 4).send().bodyAsString()).isEqualTo("DELETE /things/4");
        assertThat(client.patch(template, server.port(), 5).send().bodyAsString()).isEqualTo("PATCH /things/5");
        assertThat(client.head(template, server.port(), 6).send().status()).isEqualTo(200);
        assertThat(client.options(template, server.port(), 7).send().bodyAsString()).isEqualTo("OPTIONS /things/7");
        assertThat(client.get(url(server, "/plain")).send().bodyAsString()).isEqualTo("GET /plain");
    }

    @Test
    void theNumberOfVariablesMustMatchThePlaceholders() {
        BriskClient client = client();

        assertThatThrownBy(() -> client.get("http://h/{a}/{b}", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://h/{a}/{b}").hasMessageContaining("2 placeholder")
                .hasMessageContaining("1 variable");
        assertThatThrownBy(() -> client.get("http://h/{a}", 1, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://h/{a}");
        assertThatThrownBy(() -> client.get("http://h/x", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 placeholder");
        assertThatThrownBy(() -> client.get("http://h/{a", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unclosed");
        assertThatThrownBy(() -> client.get("http://h/{a}", (Object) null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("{a}");
    }
}
