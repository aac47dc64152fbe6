package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;

import java.net.URI;

/**
 * {@code client apache-hc5}: Apache HttpClient 5 async ({@code CloseableHttpAsyncClient} with simple, fully buffered
 * requests and responses), a {@link PoolingAsyncClientConnectionManager} with {@code maxTotal} and
 * {@code maxPerRoute} = concurrency, and {@code ioThreads} IO reactor threads. HTTP/1.1 only.
 */
final class ApacheLoadClient implements LoadClient {

    /** The request target, parsed once. */
    private final URI target;

    private final LoadOptions options;
    private final byte[] body;
    private final CloseableHttpAsyncClient client;

    ApacheLoadClient(LoadOptions options) {
        this.target = URI.create(options.url());
        if (options.h2()) {
            throw new IllegalArgumentException("client apache-hc5: the HTTP/2 runs do not include this client");
        }
        this.options = options;
        this.body = options.body();
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setMaxConnTotal(options.concurrency())
                .setMaxConnPerRoute(options.concurrency())
                .build();
        this.client = HttpAsyncClients.custom()
                .setConnectionManager(pool)
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(options.ioThreads()).build())
                .build();
        client.start();
    }

    @Override
    public void send(RequestDone done) {
        SimpleHttpRequest request = options.post()
                ? SimpleRequestBuilder.post(target)
                        .setBody(body, ContentType.APPLICATION_OCTET_STREAM).build()
                : SimpleRequestBuilder.get(target).build();
        client.execute(request, new FutureCallback<SimpleHttpResponse>() {
            @Override
            public void completed(SimpleHttpResponse response) {
                byte[] bytes = response.getBodyBytes();
                done.complete(options.check(response.getCode(), bytes == null ? 0 : bytes.length));
            }

            @Override
            public void failed(Exception e) {
                Errors.report(e);
                done.complete(false);
            }

            @Override
            public void cancelled() {
                done.complete(false);
            }
        });
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }
}
