package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketSession;
import jakarta.websocket.EncodeException;
import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The asynchronous remote: each send returns at once; its future (or handler) completes once the frame has been
 * written to the socket, fails when it cannot be, or times out after {@link #getSendTimeout()} milliseconds when that
 * is positive.
 */
final class AsyncRemote extends Remote implements RemoteEndpoint.Async {

    private volatile long sendTimeout;

    /** A remote whose sends time out after {@code sendTimeout} milliseconds until changed; 0 for never. */
    AsyncRemote(WebSocketSession webSocket, long sendTimeout) {
        super(webSocket);
        this.sendTimeout = sendTimeout;
    }

    @Override
    public long getSendTimeout() {
        return sendTimeout;
    }

    @Override
    public void setSendTimeout(long milliseconds) {
        sendTimeout = milliseconds;
    }

    @Override
    public Future<Void> sendText(String text) {
        return timed(webSocket.sendText(text));
    }

    @Override
    public void sendText(String text, SendHandler handler) {
        tell(timed(webSocket.sendText(text)), handler);
    }

    @Override
    public Future<Void> sendBinary(ByteBuffer data) {
        return timed(webSocket.sendBinary(bytes(data)));
    }

    @Override
    public void sendBinary(ByteBuffer data, SendHandler handler) {
        tell(timed(webSocket.sendBinary(bytes(data))), handler);
    }

    @Override
    public Future<Void> sendObject(Object message) {
        try {
            return timed(send(message));
        } catch (EncodeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void sendObject(Object message, SendHandler handler) {
        tell((CompletableFuture<Void>) sendObject(message), handler);
    }

    private CompletableFuture<Void> timed(CompletionStage<Void> sent) {
        CompletableFuture<Void> future = sent.toCompletableFuture().copy(); // a timeout must not touch the session's own
        long timeout = sendTimeout;
        return timeout > 0 ? future.orTimeout(timeout, TimeUnit.MILLISECONDS) : future;
    }

    private static void tell(CompletableFuture<Void> sent, SendHandler handler) {
        sent.whenComplete((done, failure) -> handler.onResult(failure == null ? new SendResult()
                : new SendResult(failure)));
    }
}
