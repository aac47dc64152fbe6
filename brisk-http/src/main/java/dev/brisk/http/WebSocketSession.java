package dev.brisk.http;

import dev.brisk.http.common.Headers;
import io.netty.buffer.ByteBuf;

import java.net.SocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * One open WebSocket connection, as its endpoint sees it. Methods may be called from any thread; sends are written in
 * call order. Each send completes when its frame has been written to the socket, and fails at once when the session
 * is closing or more than {@link WebSocketOptions#maxQueuedBytes()} are waiting to be written.
 */
public interface WebSocketSession {

    /** Sends a text message. */
    CompletionStage<Void> sendText(String text);

    /** Sends a binary message; the buffer is owned (and released) by the session from then on. */
    CompletionStage<Void> sendBinary(ByteBuf data);

    /** Sends a binary message. */
    CompletionStage<Void> sendBinary(byte[] data);

    /** Sends a ping (at most 125 bytes of payload); the peer's pong reaches {@link WebSocketEndpoint#onPong}. */
    CompletionStage<Void> ping(byte[] data);

    /** Starts the close handshake with {@link WebSocketCloseCodes#NORMAL}. */
    default CompletionStage<Void> close() {
        return close(WebSocketCloseCodes.NORMAL, "");
    }

    /**
     * Starts the close handshake: sends a close frame with {@code code} and {@code reason} (at most 123 bytes of
     * UTF-8), then waits up to {@link WebSocketOptions#closeTimeout()} for the peer's before closing the socket. The
     * result completes when the close frame has been written. Does nothing more once closing.
     */
    CompletionStage<Void> close(int code, String reason);

    /** Whether the session is open: no close frame sent or received, connection up. */
    boolean isOpen();

    /**
     * Whether the connection takes more data without queueing: false while the socket's outbound buffer is above its
     * high-water mark. {@link WebSocketEndpoint#onWritable} tells when it becomes true again.
     */
    boolean isWritable();

    /** The request target of the handshake, e.g. {@code /chat/room1?user=ann}. */
    String uri();

    /** The decoded path of the handshake request. */
    String path();

    /** The first value of query parameter {@code name} of the handshake request, decoded. */
    Optional<String> query(String name);

    /** The header fields of the handshake request. */
    Headers headers();

    /** Path parameters the router matched for this endpoint (brisk-rest's path templates); empty otherwise. */
    Map<String, String> pathParams();

    /** The selected subprotocol, when one was negotiated. */
    Optional<String> subprotocol();

    /** The client's address. */
    SocketAddress remoteAddress();

    /** The server address the connection arrived on. */
    SocketAddress localAddress();

    /** Attributes attached to this session by the application (thread-safe). */
    Map<String, Object> attributes();

    /**
     * How long this connection may receive nothing before it is closed with 1001: the endpoint's
     * {@link WebSocketOptions#idleTimeout()} until {@link #idleTimeout(Duration)} changes it; {@link Duration#ZERO}
     * for never.
     */
    Duration idleTimeout();

    /**
     * Changes this connection's idle timeout, e.g. for a client known to stay silent for long; {@link Duration#ZERO}
     * for never. The silence so far counts: a connection already silent for longer is closed at the next check. The
     * endpoint's {@link WebSocketOptions#pingInterval()} keeps applying.
     *
     * @throws IllegalArgumentException when {@code timeout} is negative
     */
    void idleTimeout(Duration timeout);
}
