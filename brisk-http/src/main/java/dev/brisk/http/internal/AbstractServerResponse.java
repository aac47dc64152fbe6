package dev.brisk.http.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.HttpStatus;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.util.AsciiString;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;

/**
 * What HTTP/1.x and HTTP/2 responses share: the state machine (new, streaming, ended), moving calls onto the event
 * loop, and the completion future. Subclasses put bytes on the wire.
 */
public abstract class AbstractServerResponse implements ServerResponse {

    protected static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    protected static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain; charset=utf-8");
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private static final int NEW = 0;
    private static final int STREAMING = 1;
    private static final int ENDED = 2;

    protected final Channel channel;
    protected final ArrayHeaders headers = new ArrayHeaders(6);
    protected ArrayHeaders trailers;
    protected int status = 200;
    private static final AtomicIntegerFieldUpdater<AbstractServerResponse> STATE =
            AtomicIntegerFieldUpdater.newUpdater(AbstractServerResponse.class, "state");

    private volatile int state = NEW;
    /** The Content-Length the application declared for a streamed body (-1: none), and what it wrote so far. */
    private long declaredLength = -1;
    private long bodyWritten;
    /** Bytes of a whole body or file region handed to the connection (written on the event loop). */
    private long wholeBodyBytes;
    /** The connection or stream went away before the response ended: further output is dropped quietly. */
    private volatile boolean abandoned;
    private CompletableFuture<Void> completion;
    /** The one listener {@link #whenWritten} keeps without a future; null when none or once told. */
    private BiConsumer<Void, Throwable> writtenListener;

    /** Whether this answers a HEAD request: the head is sent, never a body. */
    protected final boolean headRequest;

    protected AbstractServerResponse(Channel channel, boolean headRequest) {
        this.channel = channel;
        this.headRequest = headRequest;
    }

    @Override
    public ServerResponse status(int status) {
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException(status < 200 && status >= 100
                    ? "a 1xx status is not a final status: " + status
                    : "status must be within [200, 599]: " + status);
        }
        if (state != NEW) {
            // the head may not be written yet (it is, on the event loop), so a late status would still go out
            throw new IllegalStateException("response already committed: its status can no longer change");
        }
        this.status = status;
        return this;
    }

    /** Makes this a {@code 101 Switching Protocols}, which the public {@link #status(int)} refuses. */
    public void switchingProtocols() {
        this.status = 101;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public WritableHeaders headers() {
        return headers;
    }

    @Override
    public WritableHeaders trailers() {
        if (trailers == null) {
            trailers = new ArrayHeaders(2);
        }
        return trailers;
    }

    /** Drops every header set so far (before an error response replaces the application's). */
    public void clearHeaders() {
        headers.clear();
    }

    @Override
    public boolean isCommitted() {
        return state != NEW;
    }

    @Override
    public boolean isEnded() {
        return state == ENDED;
    }

    @Override
    public void send(ByteBuf body) {
        try {
            checkDeclaredLength(body.readableBytes());
            if (!begin(NEW, ENDED)) {
                body.release();
                return;
            }
        } catch (IllegalStateException e) {
            body.release();
            throw e;
        }
        if (channel.eventLoop().inEventLoop()) {
            sendWholeUnlessAbandoned(body);
        } else {
            channel.eventLoop().execute(() -> sendWholeUnlessAbandoned(body));
        }
    }

    private void sendWholeUnlessAbandoned(ByteBuf body) {
        if (abandoned) {
            body.release();
        } else {
            wholeBodyBytes = body.readableBytes();
            sendWhole(body);
        }
    }

    /**
     * Moves the state from {@code expected} to {@code next} on the caller's thread, so that a second send fails
     * right where it is made. Returns false (quietly) when the connection is already gone.
     */
    private boolean begin(int expected, int next) {
        if (STATE.compareAndSet(this, expected, next)) {
            return true;
        }
        if (abandoned) {
            return false;
        }
        throw new IllegalStateException("response already " + (state == ENDED ? "sent" : "streaming"));
    }

    @Override
    public void send(byte[] body) {
        send(Unpooled.wrappedBuffer(body));
    }

    @Override
    public void send(String body) {
        if (!headers.contains(CONTENT_TYPE)) {
            headers.set(CONTENT_TYPE, TEXT_PLAIN);
        }
        send(ByteBufUtil.writeUtf8(channel.alloc(), body));
    }

    @Override
    public void send() {
        send(Unpooled.EMPTY_BUFFER);
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
    public CompletionStage<Void> sendFile(Path file, long offset, long length) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            result.completeExceptionally(e);
            return result;
        }
        if (offset < 0 || length < 0 || offset + length > size) {
            result.completeExceptionally(new IllegalArgumentException("range [" + offset + ", " + (offset + length)
                    + ") is outside " + file + " of " + size + " bytes"));
            return result;
        }
        if (!STATE.compareAndSet(this, NEW, ENDED)) {
            result.completeExceptionally(abandoned ? new ClosedChannelException()
                    : new IllegalStateException("response already committed"));
            return result;
        }
        runInLoop(() -> {
            if (abandoned) {
                result.completeExceptionally(new ClosedChannelException());
            } else {
                wholeBodyBytes = length;
                writeFile(file, offset, length, result);
            }
        });
        return result;
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        boolean first = STATE.compareAndSet(this, NEW, STREAMING);
        if (!first && state != STREAMING) {
            chunk.release();
            result.completeExceptionally(abandoned ? new ClosedChannelException()
                    : new IllegalStateException("response already ended"));
            return result;
        }
        runInLoop(() -> {
            if (abandoned) {
                chunk.release();
                result.completeExceptionally(new ClosedChannelException());
                return;
            }
            if (first) {
                declaredLength = bodySuppressed() ? -1 : declaredContentLength();
                writeHead();
            }
            bodyWritten += chunk.readableBytes();
            if (declaredLength >= 0 && bodyWritten > declaredLength) {
                chunk.release();
                IllegalStateException error = new IllegalStateException("response body longer than its declared "
                        + "content-length " + declaredLength);
                abandon(error);
                writeAbort(error);
                result.completeExceptionally(error);
                return;
            }
            writeChunk(chunk);
            if (abandoned) {
                result.completeExceptionally(new ClosedChannelException());
                return;
            }
            whenWritable(result);
        });
        return result;
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(Unpooled.wrappedBuffer(chunk));
    }

    @Override
    public void end() {
        if (STATE.compareAndSet(this, NEW, ENDED)) {
            runInLoop(() -> sendWholeUnlessAbandoned(Unpooled.EMPTY_BUFFER));
        } else if (STATE.compareAndSet(this, STREAMING, ENDED)) {
            runInLoop(() -> {
                if (abandoned) {
                    return;
                }
                if (declaredLength >= 0 && bodyWritten < declaredLength) {
                    IllegalStateException error = new IllegalStateException("response ended after " + bodyWritten
                            + " bytes of its declared content-length " + declaredLength);
                    abandon(error);
                    writeAbort(error);
                    return;
                }
                writeEnd(trailers == null ? ArrayHeaders.EMPTY : trailers);
            });
        }
    }

    @Override
    public void abort(Throwable cause) {
        if (!STATE.compareAndSet(this, NEW, ENDED) && !STATE.compareAndSet(this, STREAMING, ENDED)) {
            return;
        }
        runInLoop(() -> {
            if (abandoned) {
                return;
            }
            abandon(cause);
            writeAbort(cause);
        });
    }

    @Override
    public long bodyBytes() {
        return bodySuppressed() ? 0 : wholeBodyBytes + bodyWritten;
    }

    @Override
    public CompletionStage<Void> completion() {
        if (channel.eventLoop().inEventLoop()) {
            return completionNow();
        }
        CompletableFuture<Void> result = new CompletableFuture<>();
        channel.eventLoop().execute(() -> completionNow().whenComplete((v, e) -> {
            if (e != null) {
                result.completeExceptionally(e);
            } else {
                result.complete(null);
            }
        }));
        return result;
    }

    @Override
    public void whenWritten(BiConsumer<Void, Throwable> listener) {
        if (writtenListener == null && state != ENDED && channel.eventLoop().inEventLoop()) {
            writtenListener = listener;
        } else {
            completion().whenComplete(listener);
        }
    }

    /** Tells the {@link #whenWritten} listener, once. */
    private void written(Throwable failure) {
        BiConsumer<Void, Throwable> listener = writtenListener;
        if (listener != null) {
            writtenListener = null;
            try {
                listener.accept(null, failure);
            } catch (Throwable ignored) {
                // a listener must not throw; the response is over either way
            }
        }
    }

    private CompletableFuture<Void> completionNow() {
        if (completion == null) {
            completion = state != ENDED ? new CompletableFuture<>()
                    : abandoned ? CompletableFuture.failedFuture(new ClosedChannelException()) : DONE;
        }
        return completion;
    }

    /** A promise for the last write of the response, or a void promise when nobody waits for it. */
    protected ChannelPromise lastWritePromise(boolean closeAfter) {
        if (completion == null && writtenListener == null && !closeAfter) {
            return channel.voidPromise();
        }
        ChannelPromise promise = channel.newPromise();
        CompletableFuture<Void> future = completion;
        promise.addListener((ChannelFuture f) -> {
            written(f.isSuccess() ? null : f.cause());
            if (future != null) {
                if (f.isSuccess()) {
                    future.complete(null);
                } else {
                    future.completeExceptionally(f.cause());
                }
            }
            if (closeAfter) {
                f.channel().close();
            }
        });
        return promise;
    }

    /**
     * Rejects a whole body whose length differs from a declared Content-Length (the client would read a different
     * message boundary than the one written); a HEAD response or a status without body may declare any length.
     */
    private void checkDeclaredLength(int length) {
        if (bodySuppressed()) {
            return;
        }
        long declared = declaredContentLength();
        if (declared >= 0 && declared != length) {
            throw new IllegalStateException("response body of " + length + " bytes does not match its declared "
                    + "content-length " + declared);
        }
    }

    /** The application's Content-Length header as a number, -1 when absent; malformed values are refused. */
    private long declaredContentLength() {
        CharSequence value = headers.getRaw(CONTENT_LENGTH);
        if (value == null) {
            return -1;
        }
        long declared = HttpSyntax.parseDecimal(value);
        if (declared < 0) {
            throw new IllegalStateException("invalid content-length header: " + value);
        }
        return declared;
    }

    /** The connection closed before the response ended. */
    public void abandon(Throwable cause) {
        abandoned = true;
        state = ENDED;
        written(cause);
        if (completion != null && !completion.isDone()) {
            completion.completeExceptionally(cause);
        }
    }

    protected void runInLoop(Runnable task) {
        if (channel.eventLoop().inEventLoop()) {
            task.run();
        } else {
            channel.eventLoop().execute(task);
        }
    }

    /** Completes {@code result} now if the connection can take more, else when it can. */
    protected void whenWritable(CompletableFuture<Void> result) {
        if (channel.isWritable() || !channel.isActive()) {
            result.complete(null);
        } else {
            WritabilityWaiters.of(channel).add(result);
        }
    }

    /** Whether the connection (HTTP/2: the stream) can take more of a streamed body now, without waiting. */
    protected boolean canTakeMore() {
        return channel.isWritable();
    }

    /** Whether no body may be sent (a HEAD request, or a status without body): files are then not read. */
    protected boolean bodySuppressed() {
        return headRequest || HttpStatus.forbidsBody(status);
    }

    /**
     * The response broke its own framing after its head was sent (a streamed body that does not match its declared
     * length), or the application aborted it: the connection (HTTP/1.x) or stream (HTTP/2) is closed so the client
     * cannot take it for complete.
     */
    protected abstract void writeAbort(Throwable cause);

    /** The whole response in one go; {@code body} is owned by the callee. */
    protected abstract void sendWhole(ByteBuf body);

    /** The head of a streamed response. */
    protected abstract void writeHead();

    /** One piece of a streamed body; owned by the callee. */
    protected abstract void writeChunk(ByteBuf chunk);

    /** The end of a streamed response. */
    protected abstract void writeEnd(ArrayHeaders trailers);

    /** A whole response whose body is a region of a file. */
    protected abstract void writeFile(Path file, long offset, long length, CompletableFuture<Void> result);
}
