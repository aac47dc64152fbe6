package dev.brisk.client.internal.exchange;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.StreamedResponse;
import dev.brisk.client.TypeRef;
import dev.brisk.client.internal.pool.PoolCounters;
import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;

import dev.brisk.client.DecodeAdvice;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A response whose body is handed on as it arrives. The exchange ({@link StreamSource}) feeds chunks in with its
 * channel's auto-read off; chunks are copied to heap buffers and queued, and delivered to the one subscriber while it
 * has demand. When demand remains and the queue is empty the source is asked to read once more: that is the whole of
 * the backpressure. Everything but the subscriber's calls runs on the exchange's event loop; those calls are moved
 * onto it.
 */
public final class ResponseStream implements StreamedResponse, Flow.Publisher<ByteBuffer>, Flow.Subscription {

    private final String host;
    private final int status;
    private final Protocol protocol;
    private final HttpHeaders headers;
    private final HttpRequest request;
    private final Codecs codecs;
    private final long maxResponseSize;
    private final EventLoop loop;
    private final StreamSource source;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    // loop-confined
    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>();
    private Flow.Subscriber<? super ByteBuffer> subscriber;
    private long demand;
    private boolean ended;
    private boolean cancelled;
    private boolean terminated;
    private boolean draining;
    private Throwable failure;
    private PoolCounters lease;
    private volatile DecodeAdvice[] decodeAdvices;

    private volatile HttpHeaders trailers = EmptyHttpHeaders.INSTANCE;
    private volatile ReceivedResponse whole;

    public ResponseStream(String host, int status, Protocol protocol, HttpHeaders headers, HttpRequest request,
                   Codecs codecs, long maxResponseSize, EventLoop loop, StreamSource source) {
        this.host = host;
        this.status = status;
        this.protocol = protocol;
        this.headers = headers;
        this.request = request;
        this.codecs = codecs;
        this.maxResponseSize = maxResponseSize;
        this.loop = loop;
        this.source = source;
    }

    // ---- from the exchange, on the loop

    /** The client's decode advices, applied when the body is read whole and decoded. */
    public void decodeAdvices(DecodeAdvice[] advices) {
        decodeAdvices = advices;
    }

    /** Counts the connection as active in {@code counters} until the exchange ends. */
    public void holdLease(PoolCounters counters) {
        lease = counters;
    }

    private void leaseEnded() {
        PoolCounters counters = lease;
        if (counters != null) {
            lease = null;
            counters.returned();
        }
    }

    /** A piece of the body arrived. */
    public void onData(ByteBuf content) {
        int n = content.readableBytes();
        if (cancelled || ended || n == 0) {
            return;
        }
        byte[] copy = new byte[n];
        content.getBytes(content.readerIndex(), copy);
        queue.add(ByteBuffer.wrap(copy));
        drain();
    }

    /** The body ended; the exchange is over and its connection already given back. */
    public void onEnd(HttpHeaders trailerFields) {
        if (ended) {
            return;
        }
        ended = true;
        leaseEnded();
        if (!trailerFields.isEmpty()) {
            trailers = trailerFields;
        }
        drain();
    }

    /** The exchange failed before the end of the body. */
    public void onError(Throwable cause) {
        if (ended) {
            return;
        }
        ended = true;
        leaseEnded();
        failure = cause;
        queue.clear();
        drain();
    }

    /** Whether the subscriber waits for bytes the network has not delivered yet (the read timeout applies). */
    public boolean awaitingData() {
        return demand > 0 && queue.isEmpty() && !ended && !cancelled;
    }

    // ---- Flow.Publisher and Flow.Subscription

    @Override
    public Flow.Publisher<ByteBuffer> body() {
        return this;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> s) {
        Objects.requireNonNull(s, "subscriber");
        if (!subscribed.compareAndSet(false, true)) {
            s.onSubscribe(NoSubscription.INSTANCE);
            s.onError(new IllegalStateException("the body of " + this + " has already been subscribed to"));
            return;
        }
        onLoop(() -> {
            subscriber = s;
            try {
                s.onSubscribe(this);
            } catch (Throwable t) {
                subscriberFailed(t);
                return;
            }
            drain();
        });
    }

    @Override
    public void request(long n) {
        onLoop(() -> {
            if (terminated) {
                return;
            }
            if (n <= 0) {
                abandon();
                failure = new IllegalArgumentException("request(" + n + "): demand must be positive");
                ended = true;
                drain();
                return;
            }
            demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            drain();
        });
    }

    @Override
    public void cancel() {
        onLoop(() -> {
            terminated = true;
            subscriber = null;
            abandon();
        });
    }

    @Override
    public void close() {
        onLoop(() -> {
            if (!ended) {
                failure = new CancellationException("response closed before the end of its body");
                abandon();
                ended = true;
                drain();
            }
        });
    }

    private void abandon() {
        cancelled = true;
        queue.clear();
        if (!ended) {
            ended = true;
            leaseEnded();
            source.cancel(this);
        }
    }

    private void drain() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            while (subscriber != null && !terminated) {
                if (failure != null) {
                    terminated = true;
                    subscriber.onError(failure);
                    return;
                }
                ByteBuffer next = queue.peek();
                if (next != null) {
                    if (demand == 0) {
                        return;
                    }
                    queue.poll();
                    demand--;
                    subscriber.onNext(next);
                    continue;
                }
                if (ended) {
                    terminated = true;
                    subscriber.onComplete();
                    return;
                }
                if (demand > 0) {
                    source.read(this);
                    if (!queue.isEmpty() || ended) {
                        continue; // the source delivered while reading (an HTTP/2 stream hands over queued frames)
                    }
                }
                return;
            }
        } catch (Throwable t) {
            subscriberFailed(t);
        } finally {
            draining = false;
        }
    }

    /** A subscriber that throws broke the contract: treat it as a cancellation. */
    private void subscriberFailed(Throwable t) {
        terminated = true;
        subscriber = null;
        abandon();
    }

    private void onLoop(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
            return;
        }
        try {
            loop.execute(task);
        } catch (RejectedExecutionException e) {
            // the client is closed: its connections are gone, and this stream with them
        }
    }

    EventLoop loop() {
        return loop;
    }

    // ---- HttpResponse

    @Override
    public InputStream bodyAsInputStream() {
        BodyInputStream in = new BodyInputStream(loop, this::close);
        subscribe(in);
        return in;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public Headers headers() {
        return NettyHeaders.readOnly(headers);
    }

    @Override
    public URI uri() {
        return request.uri();
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public Headers trailers() {
        return NettyHeaders.readOnly(trailers);
    }

    @Override
    public byte[] bodyAsBytes() {
        return whole().bodyAsBytes();
    }

    @Override
    public String bodyAsString() {
        return whole().bodyAsString();
    }

    @Override
    public <T> T bodyAs(Class<T> type) {
        return whole().bodyAs(type);
    }

    @Override
    public <T> T bodyAs(TypeRef<T> type) {
        return whole().bodyAs(type);
    }

    @Override
    public Object bodyAs(Type type) {
        return whole().bodyAs(type);
    }

    /** The rest of the body read into memory, once; blocks. */
    private ReceivedResponse whole() {
        ReceivedResponse received = whole;
        if (received != null) {
            return received;
        }
        synchronized (this) {
            received = whole;
            if (received == null) {
                if (loop.inEventLoop()) {
                    throw new IllegalStateException("reading a streamed body whole would block the event loop: "
                            + "subscribe to body() instead");
                }
                BodyCollector collector = new BodyCollector(maxResponseSize, host, request.uri());
                subscribe(collector);
                BodyBuffer body = collector.await();
                received = new ReceivedResponse(status, protocol, headers, trailers, body.data(), body.size(),
                        request, codecs);
                received.decodeAdvices(decodeAdvices);
                whole = received;
            }
        }
        return received;
    }

    @Override
    public String toString() {
        return "StreamedResponse[" + status + " " + request.method() + " " + request.uri() + "]";
    }

    /** Handed to a second subscriber before it is told it cannot have the body. */
    private enum NoSubscription implements Flow.Subscription {
        INSTANCE;

        @Override
        public void request(long n) {
        }

        @Override
        public void cancel() {
        }
    }
}
