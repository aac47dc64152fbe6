package dev.brisk.http.internal.websocket;

import dev.brisk.http.internal.ServerContext;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;

/**
 * Puts the WebSocket handlers behind {@code after} (the HTTP/1.1 handler about to leave): Netty's RFC 6455 frame
 * encoder and decoder (client frames must be masked, frame size limited, protocol violations answered with a close
 * frame), the negotiated extension's codec, UTF-8 validation of text messages, and the {@link WebSocketConnection}.
 */
public final class WebSocketPipeline {

    private WebSocketPipeline() {
    }

    /** Installs the handlers; the connection's {@code onOpen} runs as the last one is added. */
    public static void install(ChannelHandlerContext after, ServerContext server, WebSocketStart start) {
        WebSocketServerExtension extension = start.handshake().extension();
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(true)
                .allowMaskMismatch(false)
                .maxFramePayloadLength(start.options().maxFrameSize())
                .allowExtensions(extension != null)
                .closeOnProtocolViolation(true)
                .withUTF8Validator(true)
                .build();
        ChannelPipeline pipeline = after.pipeline();
        pipeline.addAfter(after.name(), "ws-encoder", new WebSocket13FrameEncoder(false));
        pipeline.addAfter("ws-encoder", "ws-decoder", new ServerFrameDecoder(config));
        String last = "ws-decoder";
        if (extension != null) {
            pipeline.addAfter(last, "ws-extension-decoder", extension.newExtensionDecoder());
            pipeline.addAfter("ws-extension-decoder", "ws-extension-encoder", extension.newExtensionEncoder());
            last = "ws-extension-encoder";
        }
        pipeline.addAfter(last, "ws-utf8", new Utf8FrameValidator(true));
        pipeline.addAfter("ws-utf8", "ws", new WebSocketConnection(server, start));
    }
}
