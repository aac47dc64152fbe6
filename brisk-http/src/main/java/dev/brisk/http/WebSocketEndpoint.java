package dev.brisk.http;

import io.netty.buffer.ByteBuf;

/**
 * The server side of a WebSocket (RFC 6455): the callbacks of one connection's life. Every method has a default that
 * does nothing, so an endpoint implements only what it needs.
 *
 * <p>Callbacks of one connection never overlap and arrive in order: on the connection's event loop (they must not
 * block) unless {@link WebSocketOptions#executor()} names another executor. Buffers handed in are released when the
 * callback returns: retain them to keep them longer.
 *
 * <pre>{@code
 * HttpServer.builder().webSocket("/echo", new WebSocketEndpoint() {
 *     public void onText(WebSocketSession session, String text) {
 *         session.sendText(text);
 *     }
 * })
 * }</pre>
 */
public interface WebSocketEndpoint {

    /** The handshake is done; the session may send from here on. */
    default void onOpen(WebSocketSession session) {
    }

    /** A whole text message arrived (valid UTF-8, at most {@link WebSocketOptions#maxMessageSize()}). */
    default void onText(WebSocketSession session, String text) {
    }

    /** A whole binary message arrived. */
    default void onBinary(WebSocketSession session, ByteBuf data) {
    }

    /**
     * One frame of a message, when {@link WebSocketOptions#aggregate()} is false; {@code text} tells the type of the
     * message it belongs to, {@code last} whether it ends the message. Text fragments are raw UTF-8: a character may
     * be split between two fragments (the whole message is checked to be valid UTF-8).
     */
    default void onFragment(WebSocketSession session, boolean text, ByteBuf data, boolean last) {
    }

    /** A ping arrived; the server answers it by itself (while the peer does not read, only the latest ping). */
    default void onPing(WebSocketSession session, ByteBuf data) {
    }

    /** A pong arrived (an answer to {@link WebSocketSession#ping}, or unsolicited). */
    default void onPong(WebSocketSession session, ByteBuf data) {
    }

    /** The session can take more data again after a send found it not {@link WebSocketSession#isWritable()}. */
    default void onWritable(WebSocketSession session) {
    }

    /**
     * A callback threw, or the connection failed. The connection is closed afterwards (1011 for a failed callback);
     * {@link #onClose} follows.
     */
    default void onError(WebSocketSession session, Throwable error) {
    }

    /**
     * The connection has ended; called exactly once for every session that was opened. {@code code} is the status
     * the peer sent in its close frame ({@link WebSocketCloseCodes#NO_STATUS} when it sent none), or the one the
     * server closed with when the peer did not answer, or {@link WebSocketCloseCodes#ABNORMAL} when the connection
     * was lost without a close frame.
     */
    default void onClose(WebSocketSession session, int code, String reason) {
    }
}
