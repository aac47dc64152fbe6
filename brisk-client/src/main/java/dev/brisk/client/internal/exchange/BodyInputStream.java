package dev.brisk.client.internal.exchange;

import io.netty.channel.EventLoop;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A blocking view of a streamed body: subscribes with a small window of chunks and asks for one more each time the
 * reader finishes one, so at most {@link #WINDOW} chunks wait in memory. Reading waits (parks) for the next chunk;
 * reading on the event loop that delivers them would deadlock and is refused.
 */
final class BodyInputStream extends InputStream implements Flow.Subscriber<ByteBuffer> {

    static final int WINDOW = 4;
    private static final Object END = new Object();

    private final EventLoop loop;
    private final Runnable onClose;
    private final LinkedBlockingQueue<Object> chunks = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private ByteBuffer current;
    private Throwable failure;
    private boolean finished;
    private boolean closed;

    BodyInputStream(EventLoop loop, Runnable onClose) {
        this.loop = loop;
        this.onClose = onClose;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(WINDOW);
    }

    @Override
    public void onNext(ByteBuffer chunk) {
        chunks.add(chunk);
    }

    @Override
    public void onError(Throwable cause) {
        chunks.add(cause);
    }

    @Override
    public void onComplete() {
        chunks.add(END);
    }

    @Override
    public int read() throws IOException {
        ByteBuffer chunk = next();
        return chunk == null ? -1 : chunk.get() & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        ByteBuffer chunk = next();
        if (chunk == null) {
            return -1;
        }
        int n = Math.min(len, chunk.remaining());
        chunk.get(b, off, n);
        return n;
    }

    @Override
    public int available() {
        ByteBuffer chunk = current;
        return chunk == null ? 0 : chunk.remaining();
    }

    /** The chunk to read from, waiting for one when needed; null at the end of the body. */
    private ByteBuffer next() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
        ByteBuffer chunk = current;
        if (chunk != null && chunk.hasRemaining()) {
            return chunk;
        }
        if (chunk != null) {
            current = null;
            subscription.request(1);
        }
        if (finished) {
            return null;
        }
        if (failure != null) {
            throw failed();
        }
        Object next = chunks.poll();
        if (next == null) {
            if (loop.inEventLoop()) {
                throw new IllegalStateException("reading a streamed body would block its event loop");
            }
            try {
                next = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new InterruptedIOException("interrupted while waiting for the response body");
            }
        }
        if (next == END) {
            finished = true;
            return null;
        }
        if (next instanceof Throwable cause) {
            failure = cause;
            throw failed();
        }
        current = (ByteBuffer) next;
        return current;
    }

    private IOException failed() {
        return new IOException("reading the response body failed: " + failure.getMessage(), failure);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            current = null;
            chunks.clear();
            if (!finished) {
                onClose.run();
            }
        }
    }
}
