package dev.brisk.test.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.test.TestResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A {@link ServerResponse} that collects what is sent, from any thread, until it ends. */
final class InProcessResponse implements ServerResponse {

    private final WritableHeaders headers = WritableHeaders.create();
    private final WritableHeaders trailers = WritableHeaders.create();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private int status = 200;
    private boolean committed;

    @Override
    public synchronized ServerResponse status(int status) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be within [100, 599]: " + status);
        }
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

    private void commit() {
        if (committed) {
            throw new IllegalStateException("response already " + (ended.isDone() ? "sent" : "streaming"));
        }
        committed = true;
    }

    @Override
    public synchronized void send(ByteBuf content) {
        try {
            commit();
            content.getBytes(content.readerIndex(), body, content.readableBytes());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            content.release();
        }
        ended.complete(null);
    }

    @Override
    public void send(byte[] content) {
        send(Unpooled.wrappedBuffer(content));
    }

    @Override
    public void send(String content) {
        if (!headers.contains("content-type")) {
            headers.set("content-type", "text/plain; charset=utf-8");
        }
        send(content.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void send() {
        send(Unpooled.EMPTY_BUFFER);
    }

    @Override
    public CompletionStage<Void> sendFile(Path file, long offset, long length) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuf content = Unpooled.buffer((int) length);
            content.writeBytes(channel, offset, (int) length);
            send(content);
            return CompletableFuture.completedFuture(null);
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletionStage<Void> sendFile(Path file) {
        try {
            return sendFile(file, 0, Files.size(file));
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public synchronized CompletionStage<Void> write(ByteBuf chunk) {
        try {
            if (ended.isDone()) {
                throw new IllegalStateException("response already ended");
            }
            committed = true;
            chunk.getBytes(chunk.readerIndex(), body, chunk.readableBytes());
            return CompletableFuture.completedFuture(null);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            chunk.release();
        }
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(Unpooled.wrappedBuffer(chunk));
    }

    @Override
    public synchronized void end() {
        committed = true;
        ended.complete(null);
    }

    @Override
    public synchronized boolean isCommitted() {
        return committed;
    }

    @Override
    public boolean isEnded() {
        return ended.isDone();
    }

    @Override
    public CompletionStage<Void> completion() {
        return ended;
    }

    /** Waits for the end of the response and returns it. */
    TestResponse await(long timeout, TimeUnit unit) throws InterruptedException, TimeoutException {
        try {
            ended.get(timeout, unit);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        synchronized (this) {
            Map<String, List<String>> copy = new LinkedHashMap<>();
            headers.forEach((name, value) -> copy.computeIfAbsent(name.toString().toLowerCase(Locale.ROOT),
                    k -> new ArrayList<>()).add(value.toString()));
            if (!copy.containsKey("content-length")) {
                copy.put("content-length", List.of(String.valueOf(body.size())));
            }
            return new TestResponse(status, copy, body.toByteArray());
        }
    }
}
