package dev.brisk.client.internal.exchange;

import dev.brisk.client.HttpClientException;
import dev.brisk.client.ResponseTooLargeException;
import io.netty.buffer.Unpooled;

import java.net.URI;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;

/** Reads a streamed body to its end into one array, within a size limit, for a thread that waits for it. */
final class BodyCollector implements Flow.Subscriber<ByteBuffer> {

    private final BodyBuffer body;
    private final long max;
    private final String host;
    private final URI uri;
    private final CompletableFuture<BodyBuffer> done = new CompletableFuture<>();
    private Flow.Subscription subscription;

    BodyCollector(long max, String host, URI uri) {
        this.max = max;
        this.host = host;
        this.uri = uri;
        this.body = new BodyBuffer(-1, max);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(ByteBuffer chunk) {
        if (!body.append(Unpooled.wrappedBuffer(chunk))) {
            subscription.cancel();
            done.completeExceptionally(new ResponseTooLargeException(origin(), max));
        }
    }

    @Override
    public void onError(Throwable failure) {
        done.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        done.complete(body);
    }

    /** Waits for the end of the body; failures are rethrown as they are when unchecked. */
    BodyBuffer await() {
        try {
            return done.get();
        } catch (InterruptedException e) {
            subscription.cancel();
            Thread.currentThread().interrupt();
            throw new HttpClientException(origin(), "interrupted while reading the body from " + uri, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new HttpClientException(origin(), "reading the body from " + uri + " failed: " + cause, cause);
        }
    }

    private String origin() {
        return host;
    }
}
