package dev.brisk.rest.websocket.internal;

import dev.brisk.rest.Converters;
import jakarta.websocket.CloseReason;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.OnMessage;
import jakarta.websocket.PongMessage;
import jakarta.websocket.Session;
import jakarta.websocket.server.PathParam;
import jakarta.websocket.server.ServerEndpoint;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** One {@code @OnOpen}, {@code @OnMessage}, {@code @OnClose} or {@code @OnError} method and where its arguments come from. */
final class BoundMethod {

    /** Which annotation the method has. */
    enum Role { OPEN, MESSAGE, CLOSE, ERROR }

    /** The message an {@code @OnMessage} method takes. */
    enum Message { NONE, TEXT, BINARY_BUFFER, BINARY_ARRAY, PONG }

    /** The values one call may pass. */
    record Call(Session session, EndpointConfig config, Map<String, String> pathParams, Object message,
                CloseReason reason, Throwable error) {
    }

    private final Method method;
    private final Message message;
    private final Function<Call, Object>[] arguments;
    private final long maxMessageSize;

    private BoundMethod(Method method, Message message, Function<Call, Object>[] arguments) {
        this.method = method;
        this.message = message;
        this.arguments = arguments;
        OnMessage onMessage = method.getAnnotation(OnMessage.class);
        this.maxMessageSize = onMessage == null ? -1 : onMessage.maxMessageSize();
    }

    @SuppressWarnings("unchecked")
    static BoundMethod of(Class<?> type, Method method, Role role) {
        Parameter[] parameters = method.getParameters();
        Function<Call, Object>[] arguments = (Function<Call, Object>[]) new Function<?, ?>[parameters.length];
        Message message = Message.NONE;
        boolean throwable = false;
        for (int i = 0; i < parameters.length; i++) {
            Parameter parameter = parameters[i];
            Class<?> t = parameter.getType();
            PathParam pathParam = parameter.getAnnotation(PathParam.class);
            if (pathParam != null) {
                arguments[i] = pathParameter(type, method, pathParam.value(), t);
            } else if (t == Session.class) {
                arguments[i] = Call::session;
            } else if (t == EndpointConfig.class && role == Role.OPEN) {
                arguments[i] = Call::config;
            } else if (t == CloseReason.class && role == Role.CLOSE) {
                arguments[i] = Call::reason;
            } else if (t == Throwable.class && role == Role.ERROR) {
                arguments[i] = Call::error;
                throwable = true;
            } else if (role == Role.MESSAGE && message == Message.NONE && messageKind(t) != Message.NONE) {
                message = messageKind(t);
                arguments[i] = Call::message;
            } else if (role == Role.MESSAGE && (t == boolean.class || t == Boolean.class)) {
                throw problem(type, method, "takes partial messages (a boolean parameter), which Brisk does not "
                        + "support: take the whole message");
            } else {
                throw problem(type, method, "has a parameter of type " + t.getName() + " that Brisk cannot pass "
                        + "to " + role.name().toLowerCase() + " methods");
            }
        }
        if (role == Role.MESSAGE && message == Message.NONE) {
            throw problem(type, method, "has no message parameter (String, ByteBuffer, byte[] or PongMessage)");
        }
        if (role == Role.ERROR && !throwable) {
            throw problem(type, method, "has no Throwable parameter, which @OnError methods must have");
        }
        if (role == Role.MESSAGE && message != Message.PONG && !sendable(method.getReturnType())) {
            throw problem(type, method, "returns " + method.getReturnType().getName() + ", which Brisk cannot "
                    + "send: return void, String, ByteBuffer or byte[]");
        }
        method.trySetAccessible();
        return new BoundMethod(method, message, arguments);
    }

    private static Message messageKind(Class<?> t) {
        if (t == String.class) {
            return Message.TEXT;
        }
        if (t == ByteBuffer.class) {
            return Message.BINARY_BUFFER;
        }
        if (t == byte[].class) {
            return Message.BINARY_ARRAY;
        }
        return t == PongMessage.class ? Message.PONG : Message.NONE;
    }

    private static boolean sendable(Class<?> t) {
        return t == void.class || t == String.class || t == ByteBuffer.class || t == byte[].class;
    }

    private static Function<Call, Object> pathParameter(Class<?> type, Method method, String name, Class<?> t) {
        if (!templateNames(type.getAnnotation(ServerEndpoint.class).value()).contains(name)) {
            throw problem(type, method, "has @PathParam(\"" + name + "\"), which its path "
                    + type.getAnnotation(ServerEndpoint.class).value() + " does not declare");
        }
        Function<String, Object> convert;
        try {
            convert = Converters.forType(t);
        } catch (IllegalArgumentException e) {
            throw problem(type, method, "has @PathParam(\"" + name + "\"): " + e.getMessage());
        }
        return call -> convert.apply(call.pathParams().get(name));
    }

    /** The names of a path template's parameters: {@code {name}}, {@code {name:regex}}, {@code {*name}}. */
    private static Set<String> templateNames(String path) {
        Set<String> names = new HashSet<>();
        for (int open = path.indexOf('{'); open >= 0; open = path.indexOf('{', open + 1)) {
            int end = open + 1;
            while (end < path.length() && path.charAt(end) != '}' && path.charAt(end) != ':') {
                end++;
            }
            String name = path.substring(open + 1, end);
            names.add(name.startsWith("*") ? name.substring(1) : name);
        }
        return names;
    }

    private static IllegalArgumentException problem(Class<?> type, Method method, String text) {
        return new IllegalArgumentException("@ServerEndpoint " + type.getName() + ": method " + method.getName()
                + " " + text);
    }

    Method method() {
        return method;
    }

    Message message() {
        return message;
    }

    /** The {@code @OnMessage(maxMessageSize)} of the method, in bytes; 0 or less for none. */
    long maxMessageSize() {
        return maxMessageSize;
    }

    /** Calls the method on {@code instance}; what it throws comes out unwrapped. */
    Object invoke(Object instance, Call call) throws Throwable {
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = arguments[i].apply(call);
        }
        try {
            return method.invoke(instance, values);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
