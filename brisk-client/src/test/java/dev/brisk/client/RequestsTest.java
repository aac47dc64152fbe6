package dev.brisk.client;

import dev.brisk.codec.CodecException;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpMethod;
import java.net.ServerSocket;
import java.net.URI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Methods, headers, query, cookies and bodies of every kind, both ways, through real sockets. */
class RequestsTest extends ClientTestSupport {

    record Pet(String name, int age) {
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void getReturnsStatusHeadersAndText() {
        HttpServer server = server(request -> request.response().status(201).header("X-Reply", "yes")
                .header("Content-Type", "text/plain; charset=utf-8").send("héllo " + request.method()));
        HttpResponse response = client().get(url(server, "/hello")).execute().toCompletableFuture().join();

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("x-reply")).contains("yes");
        assertThat(response.headers().first("X-REPLY").orElse(null)).isEqualTo("yes");
        assertThat(response.bodyAsString()).isEqualTo("héllo GET");
        assertThat(response.bodyAs(String.class)).isEqualTo("héllo GET");
        assertThat(response.uri().getPath()).isEqualTo("/hello");
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_1_1);
    }

    @Test
    void theVersionOfTheStatusLineIsTheResponsesProtocol() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            String version = request.target().equals("/old") ? "HTTP/1.0" : "HTTP/1.1";
            out.write((version + " 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return false;
        }));
        BriskClient client = client();

        HttpResponse old = client.get(raw.url("/old")).send();
        HttpResponse current = client.get(raw.url("/current")).send();
        StreamedResponse streamed = client.get(raw.url("/old")).executeStreamed().toCompletableFuture().join();

        assertThat(old.protocol()).isEqualTo(Protocol.HTTP_1_0);
        assertThat(old.bodyAsString()).isEqualTo("ok");
        assertThat(current.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(streamed.protocol()).isEqualTo(Protocol.HTTP_1_0);
        assertThat(streamed.bodyAsString()).isEqualTo("ok");
    }

    @Test
    void defaultHeadersGoWithEveryRequestAndCanBeReplacedWhole() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            RawServer.respond(out, 200, "ok");
            return true;
        }));
        BriskClient preset = client();
        BriskClient replaced = client(clientBuilder().defaultHeaders(WritableHeaders.create().set("X-Team", "a"))
                .defaultHeader("X-Tier", 2));

        preset.get(raw.url("/preset")).send();
        replaced.get(raw.url("/replaced")).send();
        replaced.get(raw.url("/own")).header("X-Team", "b").send();

        assertThat(raw.requests().get(0).head()).containsIgnoringCase("user-agent: brisk-client/");
        assertThat(raw.requests().get(1).head()).doesNotContainIgnoringCase("user-agent")
                .containsIgnoringCase("x-team: a").containsIgnoringCase("x-tier: 2");
        assertThat(raw.requests().get(2).head()).containsIgnoringCase("x-team: b")
                .doesNotContainIgnoringCase("x-team: a");
    }

    @Test
    void jsonBodiesBothWays() {
        HttpServer server = server(request -> {
            Pet pet = JSON.readValue(request.bodyAsBytes(), Pet.class);
            String type = request.headers().get("content-type", "");
            request.response().header("Content-Type", "application/json")
                    .send(JSON.writeValueAsString(new Pet(pet.name() + " (" + type + ")", pet.age() + 1)));
        });
        Pet pet = client().post(url(server, "/pets")).body(new Pet("Rex", 3)).execute()
                .toCompletableFuture().join().bodyAs(Pet.class);

        assertThat(pet).isEqualTo(new Pet("Rex (application/json)", 4));
    }

    @Test
    void genericBodiesThroughTypeRef() {
        HttpServer server = server(request -> request.response().header("Content-Type", "application/json")
                .send("[{\"name\":\"a\",\"age\":1},{\"name\":\"b\",\"age\":2}]"));
        HttpResponse response = client().get(url(server, "/")).execute().toCompletableFuture().join();

        List<Pet> pets = response.bodyAs(new TypeRef<List<Pet>>() { });
        assertThat(pets).containsExactly(new Pet("a", 1), new Pet("b", 2));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> raw = (List<Map<String, Object>>) response.bodyAs(
                new TypeRef<List<Map<String, Object>>>() { }.type());
        assertThat(raw.get(1)).containsEntry("name", "b");
    }

    @Test
    void undecodableBodyFailsWithCodecException() {
        HttpServer server = server(request -> request.response().header("Content-Type", "text/plain").send("x"));
        HttpResponse response = client().get(url(server, "/")).execute().toCompletableFuture().join();

        assertThatThrownBy(() -> response.bodyAs(Pet.class)).isInstanceOf(CodecException.class)
                .hasMessageContaining("text/plain");
    }

    @Test
    void headersQueryAndCookiesArrive() {
        HttpServer server = server(request -> request.response().send(
                request.headers().get("x-a", "-") + "|" + request.headers().all("x-multi") + "|"
                        + request.query("q").orElse("-") + "|" + request.query("sp ace").orElse("-") + "|"
                        + request.query("pre").orElse("-") + "|" + request.cookie("session").orElse("-") + "|"
                        + request.cookie("theme").orElse("-") + "|" + request.headers().get("accept", "-") + "|"
                        + request.headers().get("user-agent", "-") + "|" + request.headers().get("x-default", "-")));
        BriskClient client = client(clientBuilder().defaultHeader("X-Default", "d"));
        String body = client.get(url(server, "/path?pre=1")).header("X-A", "b").header("X-Multi", "1")
                .header("X-Multi", "2").query("q", "a&b=c").query("sp ace", "x y").cookie("session", "abc")
                .cookie("theme", "dark").accept("text/plain").execute().toCompletableFuture().join().bodyAsString();

        assertThat(body).isEqualTo("b|[1, 2]|a&b=c|x y|1|abc|dark|text/plain|brisk-client/0.1|d");
    }

    @Test
    void aParsedUriIsSentAsItIsOrWithAddedQueryParameters() {
        HttpServer server = server(request -> request.response().send(request.method().name() + " "
                + request.path() + " a=" + request.query("a").orElse("-") + " b=" + request.query("b").orElse("-")));
        BriskClient client = client();
        URI target = URI.create(url(server, "/parsed/p%20q?a=1"));

        assertThat(client.request(HttpMethod.GET, target).send().bodyAsString())
                .isEqualTo("GET /parsed/p q a=1 b=-");
        HttpResponse withQuery = client.request(HttpMethod.DELETE, target)
                .query("b", "x y").send();
        assertThat(withQuery.bodyAsString()).isEqualTo("DELETE /parsed/p q a=1 b=x y");
        assertThat(withQuery.uri()).isNotEqualTo(target);
        assertThatThrownBy(() -> client.request(HttpMethod.GET,
                URI.create("/relative"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absolute");
    }

    @Test
    void everyMethodIsSent() {
        HttpServer server = server(request -> request.response().header("X-Method", request.method().name())
                .send(request.method().name() + ":" + request.bodyAsString()));
        BriskClient client = client();
        String url = url(server, "/m");

        assertThat(client.put(url).body("p").execute().toCompletableFuture().join().bodyAsString())
                .isEqualTo("PUT:p");
        assertThat(client.patch(url).body("q").execute().toCompletableFuture().join().bodyAsString())
                .isEqualTo("PATCH:q");
        assertThat(client.delete(url).execute().toCompletableFuture().join().bodyAsString()).isEqualTo("DELETE:");
        assertThat(client.options(url).execute().toCompletableFuture().join().bodyAsString())
                .isEqualTo("OPTIONS:");
        HttpResponse head = client.head(url).execute().toCompletableFuture().join();
        assertThat(head.header("X-Method")).contains("HEAD");
        assertThat(head.bodyAsBytes()).isEmpty();
        // the connection is still in a sane state after HEAD
        assertThat(client.get(url).execute().toCompletableFuture().join().bodyAsString()).isEqualTo("GET:");
    }

    @Test
    void bytesBuffersAndFilesAreSentAsIs(@TempDir Path dir) throws Exception {
        HttpServer server = server(request -> request.response().send(
                request.headers().get("content-type", "-") + "|" + request.contentLength() + "|"
                        + request.bodyAsString()));
        BriskClient client = client();
        String url = url(server, "/upload");
        Path file = dir.resolve("data.txt");
        Files.writeString(file, "from a file");

        assertThat(client.post(url).body("a string".getBytes(StandardCharsets.UTF_8)).send().bodyAsString())
                .isEqualTo("application/octet-stream|8|a string");
        assertThat(client.post(url).contentType("text/csv").body(Unpooled.copiedBuffer("x,y", StandardCharsets.UTF_8))
                .send().bodyAsString()).isEqualTo("text/csv|3|x,y");
        assertThat(client.post(url).body(file).send().bodyAsString())
                .isEqualTo("application/octet-stream|11|from a file");
        assertThat(client.post(url).body(file.toFile()).contentType("text/plain").send().bodyAsString())
                .isEqualTo("text/plain|11|from a file");
        assertThat(client.post(url).contentType("application/json").body("{\"raw\":true}").send().bodyAsString())
                .isEqualTo("application/json|12|{\"raw\":true}");
        assertThat(client.post(url).send().bodyAsString()).isEqualTo("-|0|");
    }

    @Test
    void sendBlocksUntilTheResponseAndThrowsTypedFailures() throws Exception {
        HttpServer server = server(request -> request.response().send("sync"));
        BriskClient client = client();

        assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("sync");
        try (ServerSocket socket = new ServerSocket(0)) {
            int closedPort = socket.getLocalPort();
            socket.close();
            assertThatThrownBy(() -> client.get("http://127.0.0.1:" + closedPort + "/").send())
                    .isInstanceOf(ClientConnectException.class);
        }
    }

    @Test
    void invalidUrlsFailTheStage() {
        BriskClient client = client();

        assertThat(failure(client.get("not a url").execute())).isInstanceOf(IllegalArgumentException.class);
        assertThat(failure(client.get("/relative").execute())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absolute");
        assertThat(failure(client.get("ftp://127.0.0.1/x").execute())).isInstanceOf(HttpClientException.class)
                .hasMessageContaining("ftp");
    }

    @Test
    void requestBufferIsReleasedWhenTheCallCannotStart() {
        ByteBuf buffer = Unpooled.directBuffer().writeBytes(new byte[]{1, 2, 3});
        assertThat(failure(client().post("ftp://127.0.0.1/x").body(buffer).execute()))
                .isInstanceOf(HttpClientException.class);
        assertThat(buffer.refCnt()).isZero();
    }
}
