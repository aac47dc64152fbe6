package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamedResponse;
import dev.brisk.client.TypeRef;
import dev.brisk.http.common.Headers;

import dev.brisk.http.common.Protocol;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A response already held in memory, seen as a {@link StreamedResponse}: what a streamed call yields when an
 * interceptor answered with a response of its own, or when a redirect was not followed.
 */
final class InMemoryStreamedResponse implements StreamedResponse {

    private final HttpResponse response;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    InMemoryStreamedResponse(HttpResponse response) {
        this.response = response;
    }

    static StreamedResponse of(HttpResponse response) {
        return response instanceof StreamedResponse streamed ? streamed : new InMemoryStreamedResponse(response);
    }

    @Override
    public Flow.Publisher<ByteBuffer> body() {
        return subscriber -> {
            if (!subscribed.compareAndSet(false, true)) {
                subscriber.onSubscribe(new OneChunk(null, null));
                subscriber.onError(new IllegalStateException("the body of " + this
                        + " has already been subscribed to"));
                return;
            }
            subscriber.onSubscribe(new OneChunk(subscriber, response.bodyAsBytes()));
        };
    }

    @Override
    public InputStream bodyAsInputStream() {
        return new ByteArrayInputStream(response.bodyAsBytes());
    }

    @Override
    public void close() {
    }

    @Override
    public int status() {
        return response.status();
    }

    @Override
    public Protocol protocol() {
        return response.protocol();
    }

    @Override
    public Headers headers() {
        return response.headers();
    }

    @Override
    public URI uri() {
        return response.uri();
    }

    @Override
    public HttpRequest request() {
        return response.request();
    }

    @Override
    public byte[] bodyAsBytes() {
        return response.bodyAsBytes();
    }

    @Override
    public String bodyAsString() {
        return response.bodyAsString();
    }

    @Override
    public <T> T bodyAs(Class<T> type) {
        return response.bodyAs(type);
    }

    @Override
    public <T> T bodyAs(TypeRef<T> type) {
        return response.bodyAs(type);
    }

    @Override
    public Object bodyAs(Type type) {
        return response.bodyAs(type);
    }

    @Override
    public Headers trailers() {
        return response.trailers();
    }

    @Override
    public String toString() {
        return response.toString();
    }

    /** Delivers the whole body as one chunk on the first request, then completes. */
    private static final class OneChunk implements Flow.Subscription {
        private final Flow.Subscriber<? super ByteBuffer> subscriber;
        private byte[] body;
        private boolean done;

        OneChunk(Flow.Subscriber<? super ByteBuffer> subscriber, byte[] body) {
            this.subscriber = subscriber;
            this.body = body;
        }

        @Override
        public synchronized void request(long n) {
            if (done || subscriber == null) {
                return;
            }
            done = true;
            if (n <= 0) {
                subscriber.onError(new IllegalArgumentException("request(" + n + "): demand must be positive"));
                return;
            }
            byte[] bytes = body;
            body = null;
            if (bytes.length > 0) {
                subscriber.onNext(ByteBuffer.wrap(bytes.clone()));
            }
            subscriber.onComplete();
        }

        @Override
        public synchronized void cancel() {
            done = true;
            body = null;
        }
    }
}
