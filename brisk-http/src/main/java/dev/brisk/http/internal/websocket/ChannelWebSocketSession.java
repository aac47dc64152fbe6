package dev.brisk.http.internal.websocket;

import dev.brisk.http.WebSocketCloseCodes;
import dev.brisk.http.WebSocketSession;
import dev.brisk.http.common.Headers;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** A {@link WebSocketSession} writing frames to its channel; its close handshake state is shared with the handler. */
final class ChannelWebSocketSession implements WebSocketSession {

    private final Channel channel;
    private final WebSocketStart start;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicBoolean closeSent = new AtomicBoolean();
    /** The code of the close frame the server sent, reported when the peer does not answer with its own. */
    private volatile int sentCode = WebSocketCloseCodes.ABNORMAL;
    private volatile String sentReason = "";
    volatile boolean closeReceived;
    /** Set when a send found the channel not writable: {@code onWritable} is then due when it becomes writable. */
    volatile boolean writableWanted;
    /** This connection's idle timeout; the connection's keep-alive reads it on the event loop. */
    private volatile Duration idleTimeout;
    /** Tells the connection (on its event loop) that the idle timeout changed. */
    private final Runnable idleTimeoutChanged;

    ChannelWebSocketSession(Channel channel, WebSocketStart start, Runnable idleTimeoutChanged) {
        this.channel = channel;
        this.start = start;
        this.idleTimeout = start.options().idleTimeout();
        this.idleTimeoutChanged = idleTimeoutChanged;
    }

    @Override
    public Duration idleTimeout() {
        return idleTimeout;
    }

    @Override
    public void idleTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout must not be null");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        idleTimeout = timeout;
        try {
            channel.eventLoop().execute(idleTimeoutChanged);
        } catch (RejectedExecutionException stopped) {
            // the server is stopping: the connection has no keep-alive left to change
        }
    }

    @Override
    public CompletionStage<Void> sendText(String text) {
        ByteBuf payload = ByteBufUtil.writeUtf8(channel.alloc(), text);
        return send(new TextWebSocketFrame(payload));
    }

    @Override
    public CompletionStage<Void> sendBinary(ByteBuf data) {
        return send(new BinaryWebSocketFrame(data));
    }

    @Override
    public CompletionStage<Void> sendBinary(byte[] data) {
        return send(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(data)));
    }

    @Override
    public CompletionStage<Void> ping(byte[] data) {
        if (data.length > 125) {
            throw new IllegalArgumentException("a ping carries at most 125 bytes: " + data.length);
        }
        return send(new PingWebSocketFrame(Unpooled.wrappedBuffer(data)));
    }

    private CompletionStage<Void> send(WebSocketFrame frame) {
        if (closeSent.get() || !channel.isActive()) {
            frame.release();
            return CompletableFuture.failedFuture(new ClosedChannelException());
        }
        int size = frame.content().readableBytes();
        long max = start.options().maxQueuedBytes();
        if (queuedBytes.addAndGet(size) > max && size > 0) {
            queuedBytes.addAndGet(-size);
            frame.release();
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "more than " + max + " bytes queued for sending: the peer does not read fast enough"));
        }
        if (!channel.isWritable()) {
            writableWanted = true;
        }
        return write(frame, size);
    }

    private CompletionStage<Void> write(WebSocketFrame frame, int size) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        channel.writeAndFlush(frame).addListener(future -> {
            queuedBytes.addAndGet(-size);
            if (future.isSuccess()) {
                result.complete(null);
            } else {
                result.completeExceptionally(future.cause());
            }
        });
        return result;
    }

    @Override
    public CompletionStage<Void> close(int code, String reason) {
        if (!ServerFrameDecoder.sendable(code)) {
            throw new IllegalArgumentException("not a close code that may be sent: " + code);
        }
        String text = reason == null ? "" : reason;
        if (text.getBytes(StandardCharsets.UTF_8).length > 123) {
            throw new IllegalArgumentException("a close reason is at most 123 bytes of UTF-8: " + text);
        }
        return sendClose(code, text);
    }

    /** Sends our close frame unless one was sent; closes the socket when the peer's has arrived or after the timeout. */
    CompletionStage<Void> sendClose(int code, String reason) {
        if (!closeSent.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        sentCode = code;
        sentReason = reason;
        if (!channel.isActive()) {
            return CompletableFuture.failedFuture(new ClosedChannelException());
        }
        CompletionStage<Void> written = write(new CloseWebSocketFrame(code, reason), 0);
        channel.eventLoop().execute(() -> {
            if (closeReceived) {
                channel.close();
            } else {
                long timeout = start.options().closeTimeout().toMillis();
                channel.eventLoop().schedule(() -> {
                    channel.close();
                }, timeout, TimeUnit.MILLISECONDS);
            }
        });
        return written;
    }

    /**
     * Echoes the peer's close (its code, or an empty frame when it sent none) and closes the socket once the echo is
     * written, or after the close timeout when the peer does not read it.
     */
    void answerClose(int code) {
        if (!closeSent.compareAndSet(false, true)) {
            channel.close();
            return;
        }
        sentCode = code;
        CloseWebSocketFrame echo = code == WebSocketCloseCodes.NO_STATUS
                ? new CloseWebSocketFrame() : new CloseWebSocketFrame(code, "");
        channel.writeAndFlush(echo).addListener(future -> channel.close());
        if (channel.isActive()) {
            channel.eventLoop().schedule(() -> {
                channel.close();
            }, start.options().closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The decoder answered a protocol violation with a close frame of {@code code} and closes the socket. */
    void closedByProtocol(int code, String reason) {
        if (closeSent.compareAndSet(false, true)) {
            sentCode = code;
            sentReason = reason;
        }
    }

    boolean closeSent() {
        return closeSent.get();
    }

    int sentCode() {
        return sentCode;
    }

    String sentReason() {
        return sentReason;
    }

    @Override
    public boolean isOpen() {
        return !closeSent.get() && !closeReceived && channel.isActive();
    }

    @Override
    public boolean isWritable() {
        boolean writable = channel.isWritable();
        if (!writable) {
            writableWanted = true;
        }
        return writable;
    }

    @Override
    public String uri() {
        return start.uri();
    }

    @Override
    public String path() {
        return start.path();
    }

    @Override
    public Optional<String> query(String name) {
        List<String> values = start.queryParams().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    @Override
    public Headers headers() {
        return start.headers();
    }

    @Override
    public Map<String, String> pathParams() {
        return start.pathParams();
    }

    @Override
    public Optional<String> subprotocol() {
        return Optional.ofNullable(start.handshake().subprotocol());
    }

    @Override
    public SocketAddress remoteAddress() {
        return channel.remoteAddress();
    }

    @Override
    public SocketAddress localAddress() {
        return channel.localAddress();
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public String toString() {
        return "WebSocketSession[" + start.path() + " " + channel.remoteAddress() + "]";
    }
}
