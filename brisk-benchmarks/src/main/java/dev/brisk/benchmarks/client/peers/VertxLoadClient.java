package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import java.util.concurrent.TimeUnit;

/**
 * {@code client vertx}: the Vert.x 5 core {@code HttpClient} on {@code ioThreads} event loops, keep-alive, no
 * pipelining, an HTTP/1.1 pool of {@code concurrency} connections ({@link PoolOptions#setHttp1MaxSize}). With
 * {@code --h2}: HTTP/2 over cleartext by prior knowledge (no {@code Upgrade}).
 */
final class VertxLoadClient implements LoadClient {

    private final LoadOptions options;
    private final byte[] body;
    private final Vertx vertx;
    private final HttpClientAgent client;
    private final RequestOptions request;

    VertxLoadClient(LoadOptions options) {
        this.options = options;
        this.body = options.body();
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(options.ioThreads()));
        HttpClientOptions clientOptions = new HttpClientOptions().setKeepAlive(true).setPipelining(false);
        if (options.h2()) {
            clientOptions.setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false);
        }
        this.client = vertx.createHttpClient(clientOptions,
                new PoolOptions().setHttp1MaxSize(options.concurrency()));
        this.request = new RequestOptions().setAbsoluteURI(options.url())
                .setMethod(options.post() ? HttpMethod.POST : HttpMethod.GET);
        if (options.post()) {
            request.putHeader(HttpHeaders.CONTENT_TYPE, LoadOptions.OCTET_STREAM);
        }
    }

    @Override
    public void send(RequestDone done) {
        client.request(request)
                .compose(r -> options.post() ? r.send(Buffer.buffer(body)) : r.send())
                .compose(VertxLoadClient::readBody)
                .onComplete(result -> {
                    if (result.succeeded()) {
                        done.complete(options.check(result.result().status, result.result().length));
                    } else {
                        Errors.report(result.cause());
                        done.complete(false);
                    }
                });
    }

    private static Future<Received> readBody(HttpClientResponse response) {
        return response.body().map(buffer -> new Received(response.statusCode(), buffer.length()));
    }

    @Override
    public void close() throws Exception {
        client.close().await(5, TimeUnit.SECONDS);
        vertx.close().await(5, TimeUnit.SECONDS);
    }

    private record Received(int status, int length) {
    }
}
