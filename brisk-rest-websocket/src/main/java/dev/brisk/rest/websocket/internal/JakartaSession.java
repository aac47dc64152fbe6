package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketSession;
import jakarta.websocket.CloseReason;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.Extension;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.Session;
import jakarta.websocket.WebSocketContainer;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Jakarta {@link Session} over a Brisk {@link WebSocketSession}. What Brisk cannot do through this API throws
 * {@link UnsupportedOperationException} naming the alternative, rather than doing nothing.
 */
final class JakartaSession implements Session {

    private static final AtomicLong IDS = new AtomicLong();

    private final WebSocketSession webSocket;
    private final EndpointModel model;
    private final boolean secure;
    private final String id = Long.toString(IDS.incrementAndGet(), 36);
    private final Map<String, Object> userProperties = new ConcurrentHashMap<>();
    private final HandshakeConfig config;
    private final BasicRemote basic;
    private final AsyncRemote async;
    /** The largest text and binary messages this session takes; -1 when the endpoint takes none of the kind. */
    private volatile long maxTextMessageSize;
    private volatile long maxBinaryMessageSize;

    JakartaSession(WebSocketSession webSocket, EndpointModel model, boolean secure) {
        this.webSocket = webSocket;
        this.model = model;
        this.secure = secure;
        this.config = new HandshakeConfig(model);
        this.basic = new BasicRemote(webSocket, model.defaults().sendTimeout());
        this.async = new AsyncRemote(webSocket, model.defaults().asyncSendTimeout().toMillis());
        this.maxTextMessageSize = model.initialLimit(model.text());
        this.maxBinaryMessageSize = model.initialLimit(model.binary());
    }

    WebSocketSession webSocket() {
        return webSocket;
    }

    EndpointConfig config() {
        return config;
    }

    @Override
    public RemoteEndpoint.Basic getBasicRemote() {
        return basic;
    }

    @Override
    public RemoteEndpoint.Async getAsyncRemote() {
        return async;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public boolean isOpen() {
        return webSocket.isOpen();
    }

    @Override
    public boolean isSecure() {
        return secure;
    }

    @Override
    public void close() throws IOException {
        webSocket.close();
    }

    @Override
    public void close(CloseReason reason) throws IOException {
        webSocket.close(reason.getCloseCode().getCode(), reason.getReasonPhrase());
    }

    @Override
    public URI getRequestURI() {
        return URI.create(webSocket.uri());
    }

    @Override
    public String getQueryString() {
        String uri = webSocket.uri();
        int question = uri.indexOf('?');
        return question < 0 ? null : uri.substring(question + 1);
    }

    @Override
    public Map<String, List<String>> getRequestParameterMap() {
        String query = getQueryString();
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
                parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
            }
        }
        parameters.replaceAll((name, values) -> List.copyOf(values));
        return Collections.unmodifiableMap(parameters);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    @Override
    public Map<String, String> getPathParameters() {
        return webSocket.pathParams();
    }

    @Override
    public Map<String, Object> getUserProperties() {
        return userProperties;
    }

    @Override
    public Principal getUserPrincipal() {
        return null;
    }

    @Override
    public Set<Session> getOpenSessions() {
        return Set.copyOf(model.sessions());
    }

    @Override
    public String getProtocolVersion() {
        return "13";
    }

    @Override
    public String getNegotiatedSubprotocol() {
        return webSocket.subprotocol().orElse("");
    }

    @Override
    public List<Extension> getNegotiatedExtensions() {
        return List.of();
    }

    @Override
    public Set<MessageHandler> getMessageHandlers() {
        return Set.of();
    }

    @Override
    public void removeMessageHandler(MessageHandler handler) {
        // none can have been added
    }

    @Override
    public void addMessageHandler(MessageHandler handler) {
        throw handlersUnsupported();
    }

    @Override
    public <T> void addMessageHandler(Class<T> type, MessageHandler.Whole<T> handler) {
        throw handlersUnsupported();
    }

    @Override
    public <T> void addMessageHandler(Class<T> type, MessageHandler.Partial<T> handler) {
        throw handlersUnsupported();
    }

    private static UnsupportedOperationException handlersUnsupported() {
        return new UnsupportedOperationException("Brisk calls @OnMessage methods; message handlers added at run time "
                + "are not supported");
    }

    @Override
    public WebSocketContainer getContainer() {
        throw new UnsupportedOperationException("Brisk has no WebSocketContainer: its server holds the endpoints");
    }

    @Override
    public long getMaxIdleTimeout() {
        return webSocket.idleTimeout().toMillis();
    }

    /** Zero or less means never, as the specification says. */
    @Override
    public void setMaxIdleTimeout(long milliseconds) {
        webSocket.idleTimeout(milliseconds > 0 ? Duration.ofMillis(milliseconds) : Duration.ZERO);
    }

    @Override
    public int getMaxBinaryMessageBufferSize() {
        return (int) Math.max(0, maxBinaryMessageSize);
    }

    @Override
    public void setMaxBinaryMessageBufferSize(int length) {
        maxBinaryMessageSize = checkedLimit(length);
    }

    @Override
    public int getMaxTextMessageBufferSize() {
        return (int) Math.max(0, maxTextMessageSize);
    }

    @Override
    public void setMaxTextMessageBufferSize(int length) {
        maxTextMessageSize = checkedLimit(length);
    }

    long maxTextMessageSize() {
        return maxTextMessageSize;
    }

    long maxBinaryMessageSize() {
        return maxBinaryMessageSize;
    }

    /** A session may lower its limits, or raise them up to what the endpoint's transport takes. */
    private long checkedLimit(int length) {
        long ceiling = model.options().maxMessageSize();
        if (length < 1 || length > ceiling) {
            throw new IllegalArgumentException("a message buffer size must be within [1, " + ceiling + "] for "
                    + model.type().getName() + ": " + length + "; raise the maxMessageSize of "
                    + "ServerEndpointDefaults.options (brisk.websocket.max-message-size) or the method's "
                    + "@OnMessage(maxMessageSize) for more");
        }
        return length;
    }

    @Override
    public String toString() {
        return "Session[" + id + " " + webSocket.uri() + "]";
    }
}
