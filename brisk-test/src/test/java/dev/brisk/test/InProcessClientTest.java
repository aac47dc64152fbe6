package dev.brisk.test;

import dev.brisk.http.BodyListener;
import dev.brisk.http.common.Headers;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-process client runs requests through the whole pipeline without opening a socket. */
class InProcessClientTest {

    public record Item(long id, String name) {
    }

    private final TestClient client = BriskTest.client(Brisk.server()
            .filter((ctx, chain) -> {
                ctx.header("x-filtered", "yes");
                chain.proceed(ctx);
            })
            .get("/items/{id}", ctx -> ctx.send(new Item(Long.parseLong(ctx.pathParam("id")), "thing")))
            .post("/items", ctx -> ctx.status(201).send(ctx.body(Item.class)))
            .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send(
                    Thread.currentThread().getName())))
            .get("/async", ctx -> ctx.send(CompletableFuture.supplyAsync(() -> "later")))
            .route(Route.post("/upload").streaming(true).handler(ctx -> ctx.request().stream(new BodyListener() {
                private int bytes;

                @Override
                public void onData(ByteBuf chunk) {
                    bytes += chunk.readableBytes();
                }

                @Override
                public void onEnd(Headers trailers) {
                    ctx.send("streamed " + bytes);
                }
            }))));

    @Test
    void routesFiltersAndJson() {
        TestResponse response = client.get("/items/7").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).hasValue("application/json");
        assertThat(response.header("x-filtered")).hasValue("yes");
        assertThat(response.body()).isEqualTo("{\"id\":7,\"name\":\"thing\"}");
    }

    @Test
    void requestBodiesAndStatus() {
        TestResponse created = client.post("/items").contentType("application/json")
                .body("{\"id\":3,\"name\":\"x\"}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body()).isEqualTo("{\"id\":3,\"name\":\"x\"}");
        TestResponse malformed = client.post("/items").contentType("application/json").body("{").execute();
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.header("content-type")).hasValue("application/problem+json");
    }

    @Test
    void errorsSchedulersAsyncAndStreaming() {
        assertThat(client.get("/nope").execute().status()).isEqualTo(404);
        assertThat(client.delete("/items/1").execute().header("allow")).hasValue("GET, HEAD, OPTIONS");
        assertThat(client.get("/worker").execute().body()).startsWith("brisk-worker-");
        assertThat(client.get("/async").execute().body()).isEqualTo("later");
        assertThat(client.post("/upload").body(new byte[5000]).execute().body()).isEqualTo("streamed 5000");
    }
}
