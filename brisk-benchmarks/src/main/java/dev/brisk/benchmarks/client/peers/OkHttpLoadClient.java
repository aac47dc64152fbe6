package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code client okhttp}: OkHttp 5 with {@code enqueue}, a {@link Dispatcher} allowing {@code concurrency} requests in
 * total and per host, and a {@link ConnectionPool} keeping as many idle connections. HTTP/1.1 only, or h2c by prior
 * knowledge with {@code --h2}.
 */
final class OkHttpLoadClient implements LoadClient {

    private final LoadOptions options;
    private final OkHttpClient client;
    private final Request request;

    OkHttpLoadClient(LoadOptions options) {
        this.options = options;
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(options.concurrency());
        dispatcher.setMaxRequestsPerHost(options.concurrency());
        this.client = new OkHttpClient.Builder()
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(options.concurrency(), 5, TimeUnit.MINUTES))
                .protocols(List.of(options.h2() ? Protocol.H2_PRIOR_KNOWLEDGE : Protocol.HTTP_1_1))
                .build();
        Request.Builder builder = new Request.Builder().url(options.url());
        if (options.post()) {
            builder.post(RequestBody.create(options.body(), MediaType.get(LoadOptions.OCTET_STREAM)));
        }
        this.request = builder.build();
    }

    @Override
    public void send(RequestDone done) {
        client.newCall(request).enqueue(new Callback() {
            @Override
            public void onFailure(Call call, IOException e) {
                Errors.report(e);
                done.complete(false);
            }

            @Override
            public void onResponse(Call call, Response response) {
                boolean ok;
                try (response) {
                    ok = options.check(response.code(), response.body().bytes().length);
                } catch (IOException | RuntimeException e) {
                    Errors.report(e);
                    ok = false;
                }
                done.complete(ok);
            }
        });
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
