package dev.brisk.rest.servlet.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.ByteBuf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A response whose body is held back until the servlet filters around the handler have returned, so headers they set
 * after their call to the chain (security headers, a cookie) still go out, as they do when a servlet container
 * commits the response after the filters. Status and headers go to the response at once; sends and writes wait in
 * order and go out on {@link #release()}; after that everything passes straight through.
 */
final class HeldResponse implements ServerResponse {

    private final ServerResponse target;
    private List<Runnable> waiting = new ArrayList<>();
    private boolean ended;

    HeldResponse(ServerResponse target) {
        this.target = target;
    }

    /** Sends what waited, in order; from now on nothing waits. */
    void release() {
        List<Runnable> queued;
        synchronized (this) {
            queued = waiting;
            waiting = null;
        }
        if (queued != null) {
            queued.forEach(Runnable::run);
        }
    }

    private void run(Runnable action, boolean ending) {
        synchronized (this) {
            if (waiting != null) {
                waiting.add(action);
                ended |= ending;
                return;
            }
        }
        action.run();
    }

    private CompletionStage<Void> stage(Supplier<CompletionStage<Void>> action) {
        synchronized (this) {
            if (waiting != null) {
                CompletableFuture<Void> done = new CompletableFuture<>();
                waiting.add(() -> action.get().whenComplete((ok, error) -> {
                    if (error != null) {
                        done.completeExceptionally(error);
                    } else {
                        done.complete(null);
                    }
                }));
                return done;
            }
        }
        return action.get();
    }

    @Override
    public ServerResponse status(int status) {
        target.status(status);
        return this;
    }

    @Override
    public int status() {
        return target.status();
    }

    @Override
    public WritableHeaders headers() {
        return target.headers();
    }

    @Override
    public WritableHeaders trailers() {
        return target.trailers();
    }

    @Override
    public void send(ByteBuf body) {
        run(() -> target.send(body), true);
    }

    @Override
    public void send(byte[] body) {
        run(() -> target.send(body), true);
    }

    @Override
    public void send(String body) {
        run(() -> target.send(body), true);
    }

    @Override
    public void send() {
        run(target::send, true);
    }

    @Override
    public CompletionStage<Void> sendFile(Path file, long offset, long length) {
        synchronized (this) {
            ended |= waiting != null;
        }
        return stage(() -> target.sendFile(file, offset, length));
    }

    @Override
    public CompletionStage<Void> sendFile(Path file) {
        synchronized (this) {
            ended |= waiting != null;
        }
        return stage(() -> target.sendFile(file));
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        return stage(() -> target.write(chunk));
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return stage(() -> target.write(chunk));
    }

    @Override
    public void end() {
        run(target::end, true);
    }

    @Override
    public void abort(Throwable cause) {
        run(() -> target.abort(cause), true);
    }

    @Override
    public synchronized boolean isCommitted() {
        return waiting == null ? target.isCommitted() : !waiting.isEmpty();
    }

    @Override
    public synchronized boolean isEnded() {
        return waiting == null ? target.isEnded() : ended;
    }

    @Override
    public CompletionStage<Void> completion() {
        return target.completion();
    }

    @Override
    public long bodyBytes() {
        return target.bodyBytes();
    }
}
