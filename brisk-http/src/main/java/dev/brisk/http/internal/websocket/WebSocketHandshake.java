package dev.brisk.http.internal.websocket;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.WebSocketOptions;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionUtil;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateServerExtensionHandshaker;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * Checks an opening handshake (RFC 6455, section 4.2.1) and negotiates what the answer carries: the accept key, the
 * subprotocol and permessage-deflate (RFC 7692); refuses pages of other origins ({@link OriginPolicy}). Pure: reads
 * the request, sends nothing.
 */
public final class WebSocketHandshake {

    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    private static final String PERMESSAGE_DEFLATE = "permessage-deflate";

    private WebSocketHandshake() {
    }

    /** The result of checking a handshake. */
    public sealed interface Outcome permits Accepted, Rejected {
    }

    /**
     * A valid handshake; {@code subprotocol} and {@code extension} are null when none was negotiated.
     */
    public record Accepted(String acceptKey, String subprotocol, WebSocketServerExtension extension,
                           String extensionHeader) implements Outcome {
    }

    /** An invalid handshake, to answer with {@code status}; {@code upgradeRequired}: a 426 naming version 13. */
    public record Rejected(int status, String message, boolean upgradeRequired) implements Outcome {
    }

    /** Checks {@code request} against RFC 6455 and the endpoint's {@code options}. */
    public static Outcome negotiate(ServerRequest request, WebSocketOptions options) {
        if (!request.isWebSocketUpgrade()) {
            return new Rejected(426, "this resource speaks WebSocket only", true);
        }
        if (request.method() != HttpMethod.GET) {
            return new Rejected(400, "a WebSocket handshake must be a GET request", false);
        }
        if (request.contentLength() > 0 || request.headers().contains("transfer-encoding")) {
            return new Rejected(400, "a WebSocket handshake must not have a body", false);
        }
        if (!hasToken(request.headers().all("connection"), "upgrade")) {
            return new Rejected(400, "a WebSocket handshake needs Connection: Upgrade", false);
        }
        List<String> versions = request.headers().all("sec-websocket-version");
        if (versions.size() != 1 || !versions.get(0).trim().equals("13")) {
            return new Rejected(426, "unsupported WebSocket version: only 13 is spoken", true);
        }
        List<String> keys = request.headers().all("sec-websocket-key");
        if (keys.size() != 1 || !validKey(keys.get(0).trim())) {
            return new Rejected(400, "missing or invalid Sec-WebSocket-Key", false);
        }
        String originRefusal = OriginPolicy.refusal(request.headers(), options.allowedOrigins());
        if (originRefusal != null) {
            return new Rejected(403, originRefusal, false);
        }
        String subprotocol = selectSubprotocol(request.headers().all("sec-websocket-protocol"), options);
        WebSocketServerExtension extension = null;
        String extensionHeader = null;
        if (options.perMessageDeflate()) {
            extension = negotiateDeflate(request.headers().all("sec-websocket-extensions"), options);
            if (extension != null) {
                extensionHeader = format(extension.newReponseData());
            }
        }
        return new Accepted(acceptKey(keys.get(0).trim()), subprotocol, extension, extensionHeader);
    }

    /** {@code base64(SHA-1(key + GUID))}. */
    static String acceptKey(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1")
                    .digest((key + GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JVM", e);
        }
    }

    private static boolean validKey(String key) {
        if (key.length() != 24) {
            return false;
        }
        try {
            return Base64.getDecoder().decode(key).length == 16;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String selectSubprotocol(List<String> offered, WebSocketOptions options) {
        if (offered.isEmpty() || options.subprotocols().isEmpty()) {
            return null;
        }
        List<String> tokens = tokens(offered);
        for (String mine : options.subprotocols()) {
            for (String theirs : tokens) {
                if (theirs.equals(mine)) {
                    return mine;
                }
            }
        }
        return null;
    }

    private static WebSocketServerExtension negotiateDeflate(List<String> offered, WebSocketOptions options) {
        if (offered.isEmpty()) {
            return null;
        }
        PerMessageDeflateServerExtensionHandshaker handshaker = new PerMessageDeflateServerExtensionHandshaker(
                options.compressionLevel(), false, 15, false, false, (int) options.maxMessageSize());
        for (String value : offered) {
            List<WebSocketExtensionData> extensions;
            try {
                extensions = WebSocketExtensionUtil.extractExtensions(value);
            } catch (RuntimeException malformed) {
                continue;
            }
            for (WebSocketExtensionData data : extensions) {
                if (PERMESSAGE_DEFLATE.equals(data.name())) {
                    WebSocketServerExtension extension = handshaker.handshakeExtension(data);
                    if (extension != null) {
                        return extension;
                    }
                }
            }
        }
        return null;
    }

    private static String format(WebSocketExtensionData data) {
        StringBuilder out = new StringBuilder(data.name());
        data.parameters().forEach((name, value) -> {
            out.append("; ").append(name);
            if (value != null) {
                out.append('=').append(value);
            }
        });
        return out.toString();
    }

    private static boolean hasToken(List<String> values, String token) {
        return tokens(values).stream().anyMatch(t -> t.toLowerCase(Locale.ROOT).equals(token));
    }

    private static List<String> tokens(List<String> values) {
        List<String> tokens = new ArrayList<>();
        for (String value : values) {
            for (String token : value.split(",")) {
                String trimmed = token.trim();
                if (!trimmed.isEmpty()) {
                    tokens.add(trimmed);
                }
            }
        }
        return tokens;
    }
}
