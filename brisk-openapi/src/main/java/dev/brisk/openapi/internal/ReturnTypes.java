package dev.brisk.openapi.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.Set;

/**
 * The type of the body a handler's result becomes: asynchronous and wrapping results ({@code CompletionStage<T>},
 * {@code Optional<T>}, {@code ResponseEntity<T>}...) unwrapped; results whose body type cannot be known (JAX-RS
 * {@code Response}, streams, emitters) recognised.
 */
final class ReturnTypes {

    private static final Set<String> WRAPPERS = Set.of(
            "java.util.concurrent.CompletionStage", "java.util.concurrent.CompletableFuture",
            "java.util.concurrent.Future", "java.util.concurrent.Callable", "java.util.Optional",
            "dev.brisk.rest.ResponseEntity",
            "org.springframework.http.ResponseEntity", "org.springframework.http.HttpEntity",
            "org.springframework.web.context.request.async.DeferredResult",
            "org.springframework.web.context.request.async.WebAsyncTask");

    private static final Set<String> UNKNOWN = Set.of(
            "jakarta.ws.rs.core.Response", "jakarta.ws.rs.core.StreamingOutput", "dev.brisk.rest.StreamingBody",
            "dev.brisk.rest.SseSink",
            "org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody",
            "org.springframework.web.servlet.mvc.method.annotation.SseEmitter",
            "org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter",
            "org.springframework.core.io.Resource", "java.io.InputStream", "java.io.File", "java.nio.file.Path");

    private ReturnTypes() {
    }

    /** The body type; {@code Object.class} when unknown, {@code void.class} for none. */
    static Type body(Type type) {
        if (type instanceof WildcardType wildcard) {
            return body(wildcard.getUpperBounds()[0]);
        }
        Class<?> raw = raw(type);
        if (raw == null) {
            return Object.class;
        }
        if (raw == void.class || raw == Void.class) {
            return void.class;
        }
        if (WRAPPERS.contains(raw.getName())) {
            return type instanceof ParameterizedType p ? body(p.getActualTypeArguments()[0]) : Object.class;
        }
        return type;
    }

    /** Whether the body of {@code type} (after {@link #body}) cannot be described. */
    static boolean unknown(Type type) {
        Class<?> raw = raw(type);
        if (raw == null || raw == Object.class) {
            return true;
        }
        for (Class<?> c = raw; c != null; c = c.getSuperclass()) {
            if (UNKNOWN.contains(c.getName())) {
                return true;
            }
        }
        for (Class<?> i : raw.getInterfaces()) {
            if (UNKNOWN.contains(i.getName())) {
                return true;
            }
        }
        return false;
    }

    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            return c;
        }
        if (type instanceof java.lang.reflect.GenericArrayType) {
            return Object[].class;
        }
        return null;
    }
}
