package dev.brisk.http.internal.websocket;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Netty's RFC 6455 frame decoder, except for invalid close frames: Netty closes the connection without a word when a
 * close frame is malformed, where RFC 6455 (and Autobahn, cases 7.3 and 7.9) want a close frame with 1002 (1007 for
 * a reason that is not UTF-8). This decoder reports an {@link InvalidCloseFrame}, which
 * {@link WebSocketConnection} answers so (Netty's decoder base wraps it in a {@code DecoderException}).
 */
final class ServerFrameDecoder extends WebSocket13FrameDecoder {

    ServerFrameDecoder(WebSocketDecoderConfig config) {
        super(config);
    }

    /** A close frame with a payload of one byte, a code that may not be sent, or a reason that is not UTF-8. */
    static final class InvalidCloseFrame extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final transient WebSocketCloseStatus status;

        InvalidCloseFrame(WebSocketCloseStatus status, String message) {
            super(message);
            this.status = status;
        }

        WebSocketCloseStatus closeStatus() {
            return status;
        }
    }

    /** The invalid close frame {@code cause} reports, or null. */
    static InvalidCloseFrame invalidClose(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof InvalidCloseFrame invalid) {
                return invalid;
            }
        }
        return null;
    }

    @Override
    protected void checkCloseFrameBody(ChannelHandlerContext ctx, ByteBuf buffer) {
        if (buffer == null || !buffer.isReadable()) {
            return;
        }
        if (buffer.readableBytes() == 1) {
            throw new InvalidCloseFrame(WebSocketCloseStatus.PROTOCOL_ERROR, "close frame with a one-byte payload");
        }
        int code = buffer.getUnsignedShort(buffer.readerIndex());
        if (!sendable(code)) {
            throw new InvalidCloseFrame(WebSocketCloseStatus.PROTOCOL_ERROR, "invalid close code " + code);
        }
        ByteBuffer reason = buffer.nioBuffer(buffer.readerIndex() + 2, buffer.readableBytes() - 2);
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(reason);
        } catch (CharacterCodingException e) {
            throw new InvalidCloseFrame(WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "close reason is not UTF-8");
        }
    }

    /** Codes an endpoint may put in a close frame (RFC 6455, section 7.4): not 1004-1006, 1015, or unassigned. */
    static boolean sendable(int code) {
        return code >= 1000 && code <= 1003 || code >= 1007 && code <= 1014 || code >= 3000 && code <= 4999;
    }
}
