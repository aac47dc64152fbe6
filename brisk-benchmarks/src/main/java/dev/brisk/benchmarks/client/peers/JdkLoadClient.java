package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * {@code client jdk}: {@code java.net.http.HttpClient} with {@code sendAsync} and its defaults (an unbounded
 * connection pool, the default executor), HTTP/1.1 forced; with {@code --h2}, HTTP/2, which the JDK reaches on
 * cleartext through the {@code Upgrade: h2c} of its first request (it has no prior-knowledge mode).
 */
final class JdkLoadClient implements LoadClient {

    private final LoadOptions options;
    private final HttpClient client;
    private final HttpRequest request;

    JdkLoadClient(LoadOptions options) {
        this.options = options;
        this.client = HttpClient.newBuilder()
                .version(options.h2() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                .build();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(options.url()));
        if (options.post()) {
            builder.header("Content-Type", LoadOptions.OCTET_STREAM)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(options.body()));
        }
        this.request = builder.build();
    }

    @Override
    public void send(RequestDone done) {
        client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).whenComplete((response, failure) -> {
            if (failure != null) {
                Errors.report(failure);
                done.complete(false);
            } else {
                done.complete(options.check(response.statusCode(), response.body().length));
            }
        });
    }

    @Override
    public void close() {
        // HttpClient is AutoCloseable only from JDK 21; with JDK 17 its threads end when the process exits
    }
}
