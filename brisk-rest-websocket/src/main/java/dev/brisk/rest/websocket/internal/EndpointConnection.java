package dev.brisk.rest.websocket.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.WebSocketCloseCodes;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketSession;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import jakarta.websocket.CloseReason;
import jakarta.websocket.PongMessage;
import java.nio.ByteBuffer;

/**
 * One connection to a {@code @ServerEndpoint}: made for its handshake, it holds the application's instance and the
 * Jakarta session, and turns Brisk's callbacks into calls of the annotated methods. Brisk calls it one callback at a
 * time, on the endpoint's executor.
 */
public final class EndpointConnection implements WebSocketEndpoint {

    private final EndpointModel model;
    private final boolean secure;
    private Object instance;
    private JakartaSession session;

    public EndpointConnection(EndpointModel model, ServerRequest handshake) {
        this.model = model;
        this.secure = handshake.tlsSession().isPresent();
    }

    @Override
    public void onOpen(WebSocketSession webSocket) {
        session = new JakartaSession(webSocket, model, secure);
        model.sessions().add(session);
        try {
            instance = model.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not make an instance of " + model.type().getName() + ": "
                    + e.getCause(), e);
        }
        call(model.open(), null, null, null);
    }

    @Override
    public void onText(WebSocketSession webSocket, String text) {
        if (within(model.text(), session.maxTextMessageSize(), -1, text)) {
            reply(call(model.text(), text, null, null));
        }
    }

    @Override
    public void onBinary(WebSocketSession webSocket, ByteBuf data) {
        BoundMethod method = model.binary();
        if (method == null) {
            webSocket.close(WebSocketCloseCodes.UNSUPPORTED_DATA, "binary messages are not accepted here");
            return;
        }
        if (!within(method, session.maxBinaryMessageSize(), data.readableBytes(), null)) {
            return;
        }
        byte[] bytes = ByteBufUtil.getBytes(data);
        Object message = method.message() == BoundMethod.Message.BINARY_ARRAY ? bytes : ByteBuffer.wrap(bytes);
        reply(call(method, message, null, null));
    }

    @Override
    public void onPong(WebSocketSession webSocket, ByteBuf data) {
        if (model.pong() != null) {
            ByteBuffer payload = ByteBuffer.wrap(ByteBufUtil.getBytes(data)).asReadOnlyBuffer();
            PongMessage pong = () -> payload;
            call(model.pong(), pong, null, null);
        }
    }

    @Override
    public void onError(WebSocketSession webSocket, Throwable error) {
        if (model.error() != null && session != null) {
            Throwable thrown = error instanceof CallbackException ? error.getCause() : error;
            invoke(model.error(), new BoundMethod.Call(session, session.config(), session.getPathParameters(), null,
                    null, thrown));
        }
    }

    @Override
    public void onClose(WebSocketSession webSocket, int code, String reason) {
        if (session == null) {
            return;
        }
        model.sessions().remove(session);
        if (model.close() != null) {
            CloseReason closeReason = new CloseReason(CloseReason.CloseCodes.getCloseCode(code), reason);
            invoke(model.close(), new BoundMethod.Call(session, session.config(), session.getPathParameters(), null,
                    closeReason, null));
        }
    }

    /**
     * Whether a message of {@code size} bytes (or the text {@code text}, in UTF-8) fits the session's limit for its
     * kind; closes with 1009 when it does not, with 1003 when there is no method for it.
     */
    private boolean within(BoundMethod method, long limit, long size, String text) {
        if (method == null) {
            session.webSocket().close(WebSocketCloseCodes.UNSUPPORTED_DATA, "text messages are not accepted here");
            return false;
        }
        if (limit > 0 && (text != null ? utf8Length(text, limit) : size) > limit) {
            session.webSocket().close(WebSocketCloseCodes.MESSAGE_TOO_BIG, "message larger than " + limit);
            return false;
        }
        return true;
    }

    /** The UTF-8 length of {@code text}, counted only when its length in chars leaves it in doubt. */
    private static long utf8Length(String text, long limit) {
        // a char takes one to three bytes (a surrogate pair four, for two chars)
        return (long) text.length() * 3 <= limit ? text.length() : ByteBufUtil.utf8Bytes(text);
    }

    /** Calls {@code method} (when there is one); what it throws goes to Brisk, which calls {@link #onError}. */
    private Object call(BoundMethod method, Object message, CloseReason reason, Throwable error) {
        if (method == null) {
            return null;
        }
        try {
            return method.invoke(instance, new BoundMethod.Call(session, session.config(), session.getPathParameters(),
                    message, reason, error));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CallbackException(t);
        }
    }

    /** Calls {@code @OnError} or {@code @OnClose}: what they throw is not passed on (the connection is ending). */
    private void invoke(BoundMethod method, BoundMethod.Call call) {
        try {
            method.invoke(instance, call);
        } catch (Throwable ignored) {
            // nothing is left to tell: the connection fails or has closed
        }
    }

    /** Sends what an {@code @OnMessage} method returned, if anything. */
    private void reply(Object value) {
        if (value instanceof String text) {
            session.webSocket().sendText(text);
        } else if (value instanceof byte[] bytes) {
            session.webSocket().sendBinary(bytes);
        } else if (value instanceof ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            session.webSocket().sendBinary(bytes);
        }
    }

    /** A checked exception of an endpoint method, passed to {@code @OnError} as the method threw it. */
    static final class CallbackException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        CallbackException(Throwable cause) {
            super(cause);
        }
    }
}
