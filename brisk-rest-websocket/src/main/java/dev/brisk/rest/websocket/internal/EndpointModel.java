package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.websocket.ServerEndpointDefaults;
import jakarta.websocket.OnClose;
import jakarta.websocket.OnError;
import jakarta.websocket.OnMessage;
import jakarta.websocket.OnOpen;
import jakarta.websocket.server.ServerEndpoint;
import jakarta.websocket.server.ServerEndpointConfig;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What Brisk made of one {@code @ServerEndpoint} class: its path, options and callbacks, checked once at start-up so
 * that what is not supported fails then, naming the class and the method, instead of at the first connection.
 */
public final class EndpointModel {

    private final Class<?> type;
    private final Object registered;
    private final Constructor<?> constructor;
    private final String path;
    private final ServerEndpointDefaults defaults;
    private final WebSocketOptions options;
    private final BoundMethod open;
    private final BoundMethod text;
    private final BoundMethod binary;
    private final BoundMethod pong;
    private final BoundMethod close;
    private final BoundMethod error;
    /** The sessions open on this endpoint now, for {@code Session.getOpenSessions()}. */
    private final Set<JakartaSession> sessions = ConcurrentHashMap.newKeySet();

    private EndpointModel(Object registered, ServerEndpointDefaults defaults) {
        this.registered = registered;
        this.defaults = defaults;
        this.type = registered.getClass();
        ServerEndpoint annotation = type.getAnnotation(ServerEndpoint.class);
        if (annotation.decoders().length > 0 || annotation.encoders().length > 0) {
            throw problem("declares decoders or encoders, which Brisk does not support: take and return String, "
                    + "ByteBuffer or byte[] and convert in the method");
        }
        if (!ServerEndpointConfig.Configurator.class.equals(annotation.configurator())) {
            throw problem("names a configurator, which Brisk does not support: use a filter for the handshake");
        }
        this.path = annotation.value();
        BoundMethod open = null;
        BoundMethod text = null;
        BoundMethod binary = null;
        BoundMethod pong = null;
        BoundMethod close = null;
        BoundMethod error = null;
        refuseHiddenCallbacks();
        Method[] methods = type.getMethods();
        Arrays.sort(methods, (a, b) -> a.toString().compareTo(b.toString()));
        for (Method method : methods) {
            if (method.isAnnotationPresent(OnOpen.class)) {
                open = only(open, BoundMethod.of(type, method, BoundMethod.Role.OPEN), "@OnOpen");
            }
            if (method.isAnnotationPresent(OnClose.class)) {
                close = only(close, BoundMethod.of(type, method, BoundMethod.Role.CLOSE), "@OnClose");
            }
            if (method.isAnnotationPresent(OnError.class)) {
                error = only(error, BoundMethod.of(type, method, BoundMethod.Role.ERROR), "@OnError");
            }
            if (method.isAnnotationPresent(OnMessage.class)) {
                BoundMethod bound = BoundMethod.of(type, method, BoundMethod.Role.MESSAGE);
                switch (bound.message()) {
                    case TEXT -> text = only(text, bound, "@OnMessage for text");
                    case BINARY_BUFFER, BINARY_ARRAY -> binary = only(binary, bound, "@OnMessage for binary");
                    case PONG -> pong = only(pong, bound, "@OnMessage for pongs");
                    default -> throw new IllegalStateException(bound.message().toString());
                }
            }
        }
        this.open = open;
        this.text = text;
        this.binary = binary;
        this.pong = pong;
        this.close = close;
        this.error = error;
        this.constructor = perConnectionConstructor(type);
        // the transport's limit is the largest a message may have: a method's own limit, or the default for a method
        // without one (each message is then checked against its session's limit for its kind)
        long limit = Math.max(initialLimit(text), initialLimit(binary));
        WebSocketOptions options = TransportOptions.of(defaults,
                limit > 0 ? limit : defaults.options().maxMessageSize());
        if (annotation.subprotocols().length > 0) {
            options = options.toBuilder().subprotocols(annotation.subprotocols()).build();
        }
        this.options = options;
    }

    /** The limit a session starts with for the messages {@code method} takes: its own, else the default. */
    long initialLimit(BoundMethod method) {
        if (method == null) {
            return -1;
        }
        return method.maxMessageSize() > 0 ? method.maxMessageSize() : defaults.options().maxMessageSize();
    }

    /**
     * The model of {@code endpoint}'s class, starting from {@code defaults}; {@link IllegalArgumentException} naming
     * what is not supported.
     */
    public static EndpointModel of(Object endpoint, ServerEndpointDefaults defaults) {
        return new EndpointModel(endpoint, defaults);
    }

    /** Callbacks must be public, as in any Jakarta container; one that is not would otherwise never be called. */
    private void refuseHiddenCallbacks() {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                boolean callback = method.isAnnotationPresent(OnOpen.class) || method.isAnnotationPresent(OnClose.class)
                        || method.isAnnotationPresent(OnError.class) || method.isAnnotationPresent(OnMessage.class);
                if (callback && !Modifier.isPublic(method.getModifiers())) {
                    throw problem("has a callback that is not public: " + method.getName());
                }
            }
        }
    }

    private BoundMethod only(BoundMethod existing, BoundMethod added, String what) {
        if (existing != null) {
            throw problem("has two " + what + " methods: " + existing.method().getName() + " and "
                    + added.method().getName());
        }
        return added;
    }

    private static Constructor<?> perConnectionConstructor(Class<?> type) {
        if (!Modifier.isPublic(type.getModifiers())) {
            return null;
        }
        try {
            return type.getConstructor();
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private IllegalArgumentException problem(String text) {
        return new IllegalArgumentException("@ServerEndpoint " + type.getName() + " " + text);
    }

    /** The instance a new connection talks to: a new one when the class can make one, else the registered one. */
    Object newInstance() throws ReflectiveOperationException {
        return constructor == null ? registered : constructor.newInstance();
    }

    public String path() {
        return path;
    }

    public WebSocketOptions options() {
        return options;
    }

    ServerEndpointDefaults defaults() {
        return defaults;
    }

    Class<?> type() {
        return type;
    }

    BoundMethod open() {
        return open;
    }

    BoundMethod text() {
        return text;
    }

    BoundMethod binary() {
        return binary;
    }

    BoundMethod pong() {
        return pong;
    }

    BoundMethod close() {
        return close;
    }

    BoundMethod error() {
        return error;
    }

    Set<JakartaSession> sessions() {
        return sessions;
    }
}
