package dev.brisk.client.internal.exchange;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.RetryPolicy;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * An {@link Exchange} for connection tests without a client: sends on the lease it is given and records the response
 * or the failure. Timeouts are off, so that nothing depends on the clock.
 */
public final class TestExchange implements Exchange {

    /** Settings of connections to {@code http://example.test:8080}, decompression off. */
    public static final ConnectionSettings SETTINGS = new ConnectionSettings(
            HostKey.of("http", "example.test", 8080), Codecs.defaults(), 1024 * 1024, false, true,
            Duration.ofSeconds(1).toNanos());

    private static final HttpRequest.Settings NO_TIMEOUTS = new HttpRequest.Settings(Duration.ZERO, Duration.ZERO,
            Duration.ZERO, false, 0, RetryPolicy.NONE);

    private final HttpRequest request;
    private final RequestBody body;
    private final boolean streamed;
    private final CompletableFuture<HttpResponse> response = new CompletableFuture<>();
    private Lease lease;

    private TestExchange(HttpRequest request, RequestBody body, boolean streamed) {
        this.request = request;
        this.body = body;
        this.streamed = streamed;
    }

    /** A request to {@code http://example.test:8080} + {@code target} with the given header fields. */
    public static TestExchange of(HttpMethod method, String target, Headers headers, String body) {
        HttpRequest request = new HttpRequest(method, URI.create("http://example.test:8080" + target), headers, null,
                NO_TIMEOUTS);
        return new TestExchange(request, body == null ? RequestBody.EMPTY
                : RequestBody.of(Unpooled.copiedBuffer(body, StandardCharsets.UTF_8)), false);
    }

    /** A GET without fields or body. */
    public static TestExchange get(String target) {
        return of(HttpMethod.GET, target, Headers.empty(), null);
    }

    /** The same request, its response handed on as it arrives. */
    public TestExchange asStreamed() {
        return new TestExchange(request, body, true);
    }

    /** The response, or the failure, once the connection reported one. */
    public CompletableFuture<HttpResponse> response() {
        return response;
    }

    /** The lease this exchange got, or null. */
    public Lease lease() {
        return lease;
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public RequestBody body() {
        return body;
    }

    @Override
    public boolean streamed() {
        return streamed;
    }

    @Override
    public boolean follows(int status) {
        return false;
    }

    @Override
    public void onAcquired(Lease lease) {
        this.lease = lease;
        lease.send(this);
    }

    @Override
    public void onAcquireFailed(Throwable cause) {
        response.completeExceptionally(cause);
    }

    @Override
    public void onResponse(HttpResponse response) {
        this.response.complete(response);
    }

    @Override
    public void onExchangeFailed(Throwable cause) {
        response.completeExceptionally(cause);
    }
}
