package dev.brisk.rest.jaxrs.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The stream a streamed entity is written to: it holds the first {@link #BUFFER_SIZE} bytes back until the response
 * head is decided, so that writer interceptors may still set headers, a failure before anything left can still become
 * a mapped error response, and a small entity gets a {@code Content-Length}. The head is committed when the buffer
 * overflows, on {@link #flush()} (what the application flushes reaches the client then) or at {@link #finish()}; from
 * then on bytes go straight to the response.
 */
final class CommittingOutputStream extends OutputStream {

    /** Bytes held back before the head is committed. */
    static final int BUFFER_SIZE = 8192;

    /** Sends the response head; {@code contentLength} is -1 when the length is not known. */
    @FunctionalInterface
    interface Head {
        void commit(long contentLength) throws IOException;
    }

    private final OutputStream target;
    private final Head head;
    private final long declaredLength;
    private byte[] buffer = new byte[BUFFER_SIZE];
    private int count;
    private boolean committed;
    private boolean holdFlushes;
    private boolean finished;

    /**
     * @param declaredLength the entity's length when known before writing (sent as {@code Content-Length}), else -1
     */
    CommittingOutputStream(OutputStream target, Head head, long declaredLength) {
        this.target = Objects.requireNonNull(target, "target");
        this.head = Objects.requireNonNull(head, "head");
        this.declaredLength = declaredLength;
    }

    /** Whether the head has been sent: a failure from now on can only cut the response off. */
    boolean committed() {
        return committed;
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        if (!committed) {
            if (count < BUFFER_SIZE) {
                buffer[count++] = (byte) b;
                return;
            }
            commit(-1);
        }
        target.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        ensureOpen();
        if (!committed) {
            if (count + length <= BUFFER_SIZE) {
                System.arraycopy(bytes, offset, buffer, count, length);
                count += length;
                return;
            }
            commit(-1);
        }
        target.write(bytes, offset, length);
    }

    /** Commits the head (if not yet) and sends what was written so far. */
    @Override
    public void flush() throws IOException {
        if (holdFlushes || finished) {
            return;
        }
        if (!committed) {
            commit(-1);
        }
        target.flush();
    }

    /**
     * Flushes {@code top} (a stream an interceptor wrapped around this one) into this stream without committing the
     * head: the framework's own flush at the end of a write must not cost the response its {@code Content-Length}.
     */
    void flushWithoutCommitting(OutputStream top) throws IOException {
        if (top == this) {
            return;
        }
        holdFlushes = true;
        try {
            top.flush();
        } finally {
            holdFlushes = false;
        }
    }

    /** Ends the entity: the head is committed (with the length when nothing left yet) and the held bytes sent. */
    void finish() throws IOException {
        if (finished) {
            return;
        }
        if (!committed) {
            commit(declaredLength >= 0 ? declaredLength : count);
        }
        finished = true;
    }

    /** Ends the entity as {@link #finish()} does; the response itself is ended by the framework. */
    @Override
    public void close() throws IOException {
        finish();
    }

    /** Forgets the held bytes after a failure before the head was committed. */
    void discard() {
        buffer = null;
        count = 0;
        finished = true;
    }

    private void commit(long contentLength) throws IOException {
        committed = true;
        head.commit(contentLength >= 0 ? contentLength : declaredLength);
        byte[] held = buffer;
        int length = count;
        buffer = null;
        count = 0;
        if (length > 0) {
            target.write(held, 0, length);
        }
    }

    private void ensureOpen() throws IOException {
        if (finished) {
            throw new IOException("the entity stream is closed");
        }
    }
}
