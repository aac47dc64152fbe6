package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketCloseCodes;
import dev.brisk.http.WebSocketSession;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import jakarta.websocket.EncodeException;
import jakarta.websocket.RemoteEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.SocketTimeoutException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The blocking remote: each send returns once its frame has been written to the socket (or throws the
 * {@link IOException} that kept it from being written). A send still unwritten after its timeout (a client
 * that stopped reading) throws {@link SocketTimeoutException} and closes the session with 1001, so a thread never
 * waits on a peer for ever. Called on an event loop, where waiting would stop the write it waits for, a send returns
 * once the frame is queued. Partial messages are gathered and sent whole with the last part.
 */
final class BasicRemote extends Remote implements RemoteEndpoint.Basic {

    private final long timeoutNanos;
    private StringBuilder partialText;
    private ByteArrayOutputStream partialBinary;

    /** A remote whose sends wait {@code timeout} at most for their frame to be written. */
    BasicRemote(WebSocketSession webSocket, Duration timeout) {
        super(webSocket);
        this.timeoutNanos = timeout.toNanos();
    }

    @Override
    public void sendText(String text) throws IOException {
        await(webSocket.sendText(text));
    }

    @Override
    public void sendBinary(ByteBuffer data) throws IOException {
        await(webSocket.sendBinary(bytes(data)));
    }

    @Override
    public synchronized void sendText(String part, boolean last) throws IOException {
        if (partialText == null) {
            partialText = new StringBuilder();
        }
        partialText.append(part);
        if (last) {
            String whole = partialText.toString();
            partialText = null;
            sendText(whole);
        }
    }

    @Override
    public synchronized void sendBinary(ByteBuffer part, boolean last) throws IOException {
        if (partialBinary == null) {
            partialBinary = new ByteArrayOutputStream();
        }
        partialBinary.write(bytes(part));
        if (last) {
            byte[] whole = partialBinary.toByteArray();
            partialBinary = null;
            await(webSocket.sendBinary(whole));
        }
    }

    @Override
    public OutputStream getSendStream() {
        return new ByteArrayOutputStream() {
            private boolean closed;

            @Override
            public void close() throws IOException {
                if (!closed) {
                    closed = true;
                    await(webSocket.sendBinary(toByteArray()));
                }
            }
        };
    }

    @Override
    public Writer getSendWriter() {
        return new StringWriter() {
            private boolean closed;

            @Override
            public void close() throws IOException {
                if (!closed) {
                    closed = true;
                    sendText(toString());
                }
            }
        };
    }

    @Override
    public void sendObject(Object message) throws IOException, EncodeException {
        await(send(message));
    }

    private void await(CompletionStage<Void> sent) throws IOException {
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        if (loop != null && loop.inEventLoop()) {
            return;
        }
        try {
            sent.toCompletableFuture().get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            webSocket.close(WebSocketCloseCodes.GOING_AWAY, "send timed out");
            throw new SocketTimeoutException("message not written within " + timeoutNanos / 1_000_000 + " ms: the "
                    + "client is not reading; the session is closed");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException("message not sent: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending", e);
        }
    }
}
