package dev.brisk.http.internal.websocket;

import dev.brisk.http.WebSocketCloseCodes;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The last handler of a WebSocket connection: turns decoded frames into endpoint callbacks (whole messages or
 * fragments), answers pings, runs the close handshake, pings an idle peer and closes a silent one. What the peer can
 * make it queue is bounded by {@link OutputLimit}. Runs on the connection's event loop; the callbacks run where
 * {@link Callbacks} puts them.
 */
public final class WebSocketConnection extends ChannelInboundHandlerAdapter {

    private final ServerContext server;
    private final WebSocketStart start;
    private final WebSocketEndpoint endpoint;
    private final WebSocketOptions options;
    private ChannelWebSocketSession session;
    private Callbacks callbacks;

    /** The message being aggregated (null between messages), its type and size so far. */
    private CompositeByteBuf message;
    private boolean messageText;
    private long messageSize;
    /** True while the rest of an oversized message is skipped (the connection is closing). */
    private boolean discarding;

    private ChannelHandlerContext ctx;
    private OutputLimit output;
    private ScheduledFuture<?> keepAlive;
    private long lastReadNanos;
    private long lastPingNanos;
    private boolean closedReported;

    public WebSocketConnection(ServerContext server, WebSocketStart start) {
        this.server = server;
        this.start = start;
        this.endpoint = start.endpoint();
        this.options = start.options();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        session = new ChannelWebSocketSession(ctx.channel(), start, this::restartKeepAlive);
        ReadGate reading = new ReadGate(ctx.channel());
        output = new OutputLimit(ctx, reading, session::closeSent, server.deadlines());
        callbacks = new Callbacks(options.executor().orElse(null), reading);
        lastReadNanos = System.nanoTime();
        lastPingNanos = lastReadNanos;
        startKeepAlive(ctx);
        callback(() -> endpoint.onOpen(session));
    }

    // ---- frames -----------------------------------------------------------------------------------------------

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof WebSocketFrame frame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        lastReadNanos = System.nanoTime();
        try {
            if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame
                    || frame instanceof ContinuationWebSocketFrame) {
                onData(frame);
            } else if (frame instanceof PingWebSocketFrame) {
                onPing(frame);
            } else if (frame instanceof PongWebSocketFrame) {
                ByteBuf data = frame.content().retain();
                callback(() -> endpoint.onPong(session, data), data);
            } else if (frame instanceof CloseWebSocketFrame close) {
                onClose(close);
            }
        } finally {
            frame.release();
        }
    }

    private void onData(WebSocketFrame frame) {
        boolean first = !(frame instanceof ContinuationWebSocketFrame);
        if (first) {
            messageText = frame instanceof TextWebSocketFrame;
            messageSize = 0;
            discarding = false;
        }
        if (discarding || session.closeSent()) {
            return;
        }
        ByteBuf content = frame.content();
        messageSize += content.readableBytes();
        if (messageSize > options.maxMessageSize()) {
            releaseMessage();
            discarding = true;
            session.sendClose(WebSocketCloseCodes.MESSAGE_TOO_BIG,
                    "message larger than " + options.maxMessageSize() + " bytes");
            return;
        }
        boolean last = frame.isFinalFragment();
        if (!options.aggregate()) {
            ByteBuf data = content.retain();
            boolean text = messageText;
            callback(() -> endpoint.onFragment(session, text, data, last), data);
            return;
        }
        if (first && last) {
            deliver(content.retain());
            return;
        }
        if (message == null) {
            message = content.alloc().compositeBuffer(1024);
        }
        message.addComponent(true, content.retain());
        if (last) {
            CompositeByteBuf whole = message;
            message = null;
            deliver(whole);
        }
    }

    /** Hands a whole message to the endpoint; {@code data} is released after the callback. */
    private void deliver(ByteBuf data) {
        if (messageText) {
            String text;
            try {
                text = data.toString(StandardCharsets.UTF_8);
            } finally {
                data.release();
            }
            callback(() -> endpoint.onText(session, text));
        } else {
            callback(() -> endpoint.onBinary(session, data), data);
        }
    }

    private void onPing(WebSocketFrame ping) {
        if (!session.closeSent()) {
            output.pong(ping.content());
        }
        ByteBuf data = ping.content().retain();
        callback(() -> endpoint.onPing(session, data), data);
    }

    private void onClose(CloseWebSocketFrame close) {
        int code = close.statusCode() < 0 ? WebSocketCloseCodes.NO_STATUS : close.statusCode();
        String reason = close.statusCode() < 0 ? "" : close.reasonText();
        session.closeReceived = true;
        releaseMessage();
        if (session.closeSent()) {
            // the server began the closing handshake: this frame only answers it, the server's reason stands
            reportClose(session.sentCode(), session.sentReason());
        } else {
            reportClose(code, reason);
        }
        session.answerClose(code);
    }

    // ---- callbacks --------------------------------------------------------------------------------------------

    private void callback(Runnable call) {
        callback(call, null);
    }

    /** Runs an endpoint method; {@code held} (retained for it) is released afterwards. */
    private void callback(Runnable call, ByteBuf held) {
        callbacks.run(() -> {
            try {
                call.run();
            } catch (Throwable t) {
                server.logHandlerFailure("WebSocket endpoint failed on " + start.path(), t);
                try {
                    endpoint.onError(session, t);
                } catch (Throwable again) {
                    server.logHandlerFailure("WebSocket onError failed on " + start.path(), again);
                }
                if (!session.closeSent()) {
                    session.sendClose(WebSocketCloseCodes.INTERNAL_ERROR, "internal error");
                }
            } finally {
                if (held != null) {
                    held.release();
                }
            }
        });
    }

    private void reportClose(int code, String reason) {
        if (closedReported) {
            return;
        }
        closedReported = true;
        callback(() -> endpoint.onClose(session, code, reason));
    }

    // ---- keep-alive, writability, shutdown ----------------------------------------------------------------------

    private void startKeepAlive(ChannelHandlerContext ctx) {
        long idle = session.idleTimeout().toNanos();
        long ping = options.pingInterval().toNanos();
        long shortest = idle == 0 ? ping : ping == 0 ? idle : Math.min(idle, ping);
        if (shortest == 0) {
            return;
        }
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(10), shortest / 4);
        keepAlive = ctx.executor().scheduleAtFixedRate(() -> checkIdle(idle, ping), period, period,
                TimeUnit.NANOSECONDS);
    }

    /** The session's idle timeout changed: check at the pace the new one needs (on the event loop). */
    private void restartKeepAlive() {
        if (!ctx.channel().isActive() || session.closeSent()) {
            return;
        }
        stopKeepAlive();
        startKeepAlive(ctx);
    }

    private void checkIdle(long idle, long ping) {
        long now = System.nanoTime();
        if (output.backedUp()) {
            // nothing is read while the peer does not read: its silence is ours, the write timeout watches it
            lastReadNanos = now;
            return;
        }
        long silent = now - lastReadNanos;
        if (idle > 0 && silent >= idle) {
            if (!session.closeSent()) {
                session.sendClose(WebSocketCloseCodes.GOING_AWAY, "idle timeout");
            }
            return;
        }
        if (ping > 0 && silent >= ping && now - lastPingNanos >= ping && !session.closeSent()) {
            lastPingNanos = now;
            session.ping(new byte[0]);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        output.readComplete();
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        output.writabilityChanged();
        if (ctx.channel().isWritable() && session.writableWanted) {
            session.writableWanted = false;
            callback(() -> endpoint.onWritable(session));
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == DrainEvent.INSTANCE) {
            session.sendClose(WebSocketCloseCodes.GOING_AWAY, "server shutting down");
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ServerFrameDecoder.InvalidCloseFrame invalid = ServerFrameDecoder.invalidClose(cause);
        if (invalid != null) {
            // the peer's (malformed) close has arrived: answer with the status and close the socket
            session.closeReceived = true;
            session.sendClose(invalid.closeStatus().code(), invalid.closeStatus().reasonText());
        } else if (cause instanceof CorruptedWebSocketFrameException corrupted) {
            // the decoder has sent a close frame with this status and closes the connection
            session.closedByProtocol(corrupted.closeStatus().code(), corrupted.closeStatus().reasonText());
        } else if (cause instanceof DecompressionException) {
            // a compressed message inflating beyond the limit, or corrupt deflate data
            boolean tooBig = String.valueOf(cause.getMessage()).contains("maximum size");
            session.sendClose(tooBig ? WebSocketCloseCodes.MESSAGE_TOO_BIG : WebSocketCloseCodes.INVALID_PAYLOAD,
                    tooBig ? "message too big" : "invalid compressed data");
        } else {
            server.log().log(System.Logger.Level.DEBUG, "closing WebSocket connection after error", cause);
            ctx.close();
        }
        callback(() -> endpoint.onError(session, cause));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        stopKeepAlive();
        output.stop();
        releaseMessage();
        if (session.closeSent() && session.sentCode() != WebSocketCloseCodes.ABNORMAL) {
            reportClose(session.sentCode(), session.sentReason());
        } else {
            reportClose(WebSocketCloseCodes.ABNORMAL, "");
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        stopKeepAlive();
        output.stop();
        releaseMessage();
    }

    private void stopKeepAlive() {
        if (keepAlive != null) {
            keepAlive.cancel(false);
            keepAlive = null;
        }
    }

    private void releaseMessage() {
        if (message != null) {
            message.release();
            message = null;
        }
    }
}
