package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketSession;
import jakarta.websocket.EncodeException;
import jakarta.websocket.RemoteEndpoint;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;

/** What the blocking and the asynchronous remote share: sending a message of a given Java type, pings, batching. */
abstract class Remote implements RemoteEndpoint {

    final WebSocketSession webSocket;

    Remote(WebSocketSession webSocket) {
        this.webSocket = webSocket;
    }

    /** Sends {@code message}: text for a String, binary for a ByteBuffer or a byte[]. */
    CompletionStage<Void> send(Object message) throws EncodeException {
        if (message instanceof String text) {
            return webSocket.sendText(text);
        }
        if (message instanceof byte[] bytes) {
            return webSocket.sendBinary(bytes);
        }
        if (message instanceof ByteBuffer buffer) {
            return webSocket.sendBinary(bytes(buffer));
        }
        throw new EncodeException(message, "Brisk sends String, ByteBuffer and byte[] messages; encode "
                + (message == null ? "null" : message.getClass().getName()) + " into one of them first");
    }

    /** The remaining bytes of {@code buffer}, leaving its position as it was. */
    static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    @Override
    public void sendPing(ByteBuffer applicationData) {
        if (applicationData.remaining() > 125) {
            throw new IllegalArgumentException("a ping carries at most 125 bytes: " + applicationData.remaining());
        }
        webSocket.ping(bytes(applicationData));
    }

    @Override
    public void sendPong(ByteBuffer applicationData) {
        throw new UnsupportedOperationException("Brisk answers pings itself and sends no unsolicited pongs: send a "
                + "ping to keep a connection alive");
    }

    /** Messages are sent as they come: batching is allowed by the API, never required, and not done. */
    @Override
    public void setBatchingAllowed(boolean allowed) {
        // each message is written at once, which is what a flushed batch would do
    }

    @Override
    public boolean getBatchingAllowed() {
        return false;
    }

    @Override
    public void flushBatch() {
        // nothing is held back
    }
}
