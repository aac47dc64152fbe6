package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import io.esastack.commons.net.http.HttpVersion;
import io.esastack.commons.net.http.MediaType;
import io.esastack.restclient.ExecutableRestRequest;
import io.esastack.restclient.RestClient;
import io.esastack.restclient.RestResponseBase;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;

/**
 * {@code client esa-restclient}: esa-restclient 1.0.x with {@code connectionPoolSize} = concurrency, a waiting queue
 * that refuses nothing the run can queue, and {@code ioThreads} IO threads (set through its
 * {@code io.esastack.httpclient.ioThreads} system property, which it reads once). HTTP/1.1, or HTTP/2 with
 * {@code --h2} (h2c by prior knowledge, no {@code Upgrade}). Responses are read as {@code byte[]}.
 *
 * <p>esa-restclient 1.0.x never completes a request that has to wait for a pooled connection when it is made inside
 * the callback of the response still holding that connection (the closed loop does exactly that). So the outcome is
 * handed on at the end of the current event loop task, on the same thread, once the connection is back in the pool.
 */
final class EsaLoadClient implements LoadClient {

    static final String IO_THREADS_PROPERTY = "io.esastack.httpclient.ioThreads";

    private final LoadOptions options;
    private final byte[] body;
    private final RestClient client;

    EsaLoadClient(LoadOptions options) {
        this.options = options;
        this.body = options.body();
        System.setProperty(IO_THREADS_PROPERTY, Integer.toString(options.ioThreads()));
        this.client = RestClient.create()
                .connectionPoolSize(options.concurrency())
                .connectionPoolWaitingQueueLength(options.maxPending())
                .version(options.h2() ? HttpVersion.HTTP_2 : HttpVersion.HTTP_1_1)
                .h2ClearTextUpgrade(false)
                .build();
    }

    @Override
    public void send(RequestDone done) {
        ExecutableRestRequest request = options.post()
                ? client.post(options.url()).entity(body).contentType(MediaType.APPLICATION_OCTET_STREAM)
                : client.get(options.url());
        request.execute().whenComplete((response, failure) -> {
            boolean ok = failure == null && check(response);
            if (failure != null) {
                Errors.report(failure);
            }
            EventExecutor loop = ThreadExecutorMap.currentExecutor();
            if (loop == null) {
                done.complete(ok);
            } else {
                loop.execute(() -> done.complete(ok));
            }
        });
    }

    private boolean check(RestResponseBase response) {
        try {
            byte[] bytes = response.bodyToEntity(byte[].class);
            return options.check(response.status(), bytes == null ? 0 : bytes.length);
        } catch (Exception e) {
            Errors.report(e);
            return false;
        }
    }

    @Override
    public void close() throws Exception {
        client.close();
    }
}
