package dev.brisk.collapse.internal.rest;

import dev.brisk.collapse.CollapseException;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.ByteBuf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The response a collapsed handler run writes into: everything is kept in memory (up to a limit) until the response
 * ends, then handed over as a {@link Recorded}. Buffers passed in are copied and released at once. Thread-safe.
 */
final class RecordingResponse implements ServerResponse {

    private final int maxBodySize;
    private final WritableHeaders headers = WritableHeaders.create();
    private final WritableHeaders trailers = WritableHeaders.create();
    private final CompletableFuture<Recorded> recorded = new CompletableFuture<>();
    private final CompletableFuture<Void> completion = new CompletableFuture<>();
    private int status = 200;
    private byte[] body = new byte[256];
    private int length;
    private boolean committed;
    private boolean ended;

    RecordingResponse(int maxBodySize) {
        this.maxBodySize = maxBodySize;
    }

    /** Completes with the whole response once it ends; fails when the body is beyond the limit. */
    CompletableFuture<Recorded> recorded() {
        return recorded;
    }

    @Override
    public synchronized ServerResponse status(int status) {
        this.status = status;
        return this;
    }

    @Override
    public synchronized int status() {
        return status;
    }

    @Override
    public WritableHeaders headers() {
        return headers;
    }

    @Override
    public WritableHeaders trailers() {
        return trailers;
    }

    @Override
    public void send(ByteBuf buffer) {
        try {
            synchronized (this) {
                if (!ended && append(buffer.readableBytes())) {
                    buffer.getBytes(buffer.readerIndex(), body, length - buffer.readableBytes(),
                            buffer.readableBytes());
                }
            }
        } finally {
            buffer.release();
        }
        end();
    }

    @Override
    public void send(byte[] bytes) {
        synchronized (this) {
            if (!ended && append(bytes.length)) {
                System.arraycopy(bytes, 0, body, length - bytes.length, bytes.length);
            }
        }
        end();
    }

    @Override
    public void send(String text) {
        if (!headers.contains("content-type")) {
            headers.set("content-type", "text/plain; charset=utf-8");
        }
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void send() {
        end();
    }

    @Override
    public CompletionStage<Void> sendFile(Path file, long offset, long length) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.position(offset);
            if (length > maxBodySize) {
                tooLarge(length);
                return CompletableFuture.completedFuture(null);
            }
            try (InputStream in = Channels.newInputStream(channel)) {
                send(in.readNBytes((int) length));
            }
            return CompletableFuture.completedFuture(null);
        } catch (IOException e) {
            recorded.completeExceptionally(e);
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletionStage<Void> sendFile(Path file) {
        try {
            return sendFile(file, 0, Files.size(file));
        } catch (IOException e) {
            recorded.completeExceptionally(e);
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        try {
            synchronized (this) {
                committed = true;
                if (!ended && append(chunk.readableBytes())) {
                    chunk.getBytes(chunk.readerIndex(), body, length - chunk.readableBytes(), chunk.readableBytes());
                }
            }
        } finally {
            chunk.release();
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        synchronized (this) {
            committed = true;
            if (!ended && append(chunk.length)) {
                System.arraycopy(chunk, 0, body, length - chunk.length, chunk.length);
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void end() {
        Recorded result;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            committed = true;
            result = recorded.isDone() ? null : new Recorded(status, headers, trailers, Arrays.copyOf(body, length));
        }
        if (result != null) {
            recorded.complete(result);
        }
        completion.complete(null);
    }

    @Override
    public synchronized boolean isCommitted() {
        return committed;
    }

    @Override
    public synchronized boolean isEnded() {
        return ended;
    }

    @Override
    public CompletionStage<Void> completion() {
        return completion;
    }

    /** Makes room for {@code more} bytes; false (and the recording failed) beyond the limit. */
    private boolean append(int more) {
        if (recorded.isDone()) {
            return false;
        }
        long needed = (long) length + more;
        if (needed > maxBodySize) {
            tooLarge(needed);
            return false;
        }
        if (needed > body.length) {
            body = Arrays.copyOf(body, (int) Math.min(maxBodySize, Math.max(needed, (long) body.length * 2)));
        }
        length = (int) needed;
        return true;
    }

    private void tooLarge(long size) {
        recorded.completeExceptionally(new CollapseException("the response of a collapsed route is larger than "
                + "maxResponseSize (" + maxBodySize + " bytes): " + size + " bytes or more"));
    }
}
