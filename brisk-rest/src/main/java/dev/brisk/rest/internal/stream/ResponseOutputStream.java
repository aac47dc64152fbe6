package dev.brisk.rest.internal.stream;

import dev.brisk.http.ServerResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.channels.ClosedChannelException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A blocking {@link OutputStream} over a streamed {@link ServerResponse}, for a thread that may wait. Bytes are
 * gathered into chunks of {@link #CHUNK_SIZE}; a full chunk (or {@link #flush()}) is handed to the response, and the
 * next hand-over waits until the connection took the previous one and is below its high-water mark. What one stream
 * holds is therefore bounded by two chunks, whatever the size of the body. Not thread-safe, as any stream.
 */
public final class ResponseOutputStream extends OutputStream {

    /** Bytes gathered before a chunk is sent. */
    public static final int CHUNK_SIZE = 8192;

    private final ServerResponse response;
    private final ByteBufAllocator allocator;
    private ByteBuf buffer;
    private CompletableFuture<Void> inFlight;
    private boolean closed;

    public ResponseOutputStream(ServerResponse response, ByteBufAllocator allocator) {
        this.response = Objects.requireNonNull(response, "response");
        this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        if (buffer == null) {
            buffer = allocator.buffer(CHUNK_SIZE, CHUNK_SIZE);
        }
        buffer.writeByte(b);
        if (!buffer.isWritable()) {
            push();
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        ensureOpen();
        if (length >= CHUNK_SIZE && (buffer == null || !buffer.isReadable())) {
            // a large write goes out as one chunk of its own rather than as many small ones
            release();
            ByteBuf chunk = allocator.buffer(length, length);
            chunk.writeBytes(bytes, offset, length);
            send(chunk);
            return;
        }
        while (length > 0) {
            if (buffer == null) {
                buffer = allocator.buffer(CHUNK_SIZE, CHUNK_SIZE);
            }
            int n = Math.min(length, buffer.writableBytes());
            buffer.writeBytes(bytes, offset, n);
            offset += n;
            length -= n;
            if (!buffer.isWritable()) {
                push();
            }
        }
    }

    /** Sends what was written so far (the head too, if nothing was sent yet) and waits until it left. */
    @Override
    public void flush() throws IOException {
        ensureOpen();
        if (buffer != null && buffer.isReadable()) {
            push();
        } else if (!response.isCommitted()) {
            send(Unpooled.EMPTY_BUFFER);
        }
        await(inFlight);
    }

    /** Sends what is left and ends the response. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (buffer != null && buffer.isReadable()) {
                push();
            }
            await(inFlight);
            response.end();
        } finally {
            release();
        }
    }

    /** Drops what was not sent, after a failure; the response is left as it is. */
    public void discard() {
        closed = true;
        release();
    }

    /** Whether anything (even just the head) has been handed to the response. */
    public boolean started() {
        return inFlight != null;
    }

    private void push() throws IOException {
        ByteBuf chunk = buffer;
        buffer = null;
        send(chunk);
    }

    private void send(ByteBuf chunk) throws IOException {
        try {
            await(inFlight);
        } catch (IOException e) {
            chunk.release();
            throw e;
        }
        inFlight = response.write(chunk).toCompletableFuture();
    }

    private void release() {
        if (buffer != null) {
            buffer.release();
            buffer = null;
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("the response stream is closed");
        }
    }

    private static void await(CompletableFuture<Void> write) throws IOException {
        if (write == null) {
            return;
        }
        try {
            write.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the client to take the response");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ClosedChannelException) {
                throw new ClientGoneException("the client closed the connection before the response was complete",
                        cause);
            }
            throw new IOException("the response could not be written: " + cause, cause);
        }
    }
}
