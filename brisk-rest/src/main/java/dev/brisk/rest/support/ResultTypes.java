package dev.brisk.rest.support;

import dev.brisk.rest.ResponseEntity;
import dev.brisk.rest.RouteResponse;
import dev.brisk.rest.StreamingBody;
import dev.brisk.rest.sse.SseSink;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

/**
 * How a controller style reads the declared result type of a handler method into the {@link RouteResponse} it
 * publishes: which result types wrap the body as their first type argument ({@code CompletionStage<T>},
 * {@code Optional<T>}, Brisk's {@code ResponseEntity<T>}, plus the style's own) and which say nothing of it (streams,
 * event sinks, {@code Object}, plus the style's own). Built once per style.
 */
public final class ResultTypes {

    private static final List<Class<?>> WRAPPERS = List.of(CompletionStage.class, Future.class, Callable.class,
            Optional.class, ResponseEntity.class);
    private static final List<Class<?>> UNDESCRIBED = List.of(InputStream.class, File.class,
            Path.class, StreamingBody.class, SseSink.class);

    private final List<Class<?>> wrappers;
    private final List<Class<?>> undescribed;

    private ResultTypes(List<Class<?>> wrappers, List<Class<?>> undescribed) {
        this.wrappers = wrappers;
        this.undescribed = undescribed;
    }

    /** Brisk's and the JDK's result types, with a style's own wrappers and body-less types added. */
    public static ResultTypes of(List<Class<?>> styleWrappers, List<Class<?>> styleUndescribed) {
        List<Class<?>> wrappers = new ArrayList<>(WRAPPERS);
        wrappers.addAll(styleWrappers);
        List<Class<?>> undescribed = new ArrayList<>(UNDESCRIBED);
        undescribed.addAll(styleUndescribed);
        return new ResultTypes(List.copyOf(wrappers), List.copyOf(undescribed));
    }

    /**
     * The response of a handler declaring {@code resultType}: no body with {@code voidStatus} for {@code void} (also
     * inside a wrapper: {@code CompletionStage<Void>}), else {@code status} with the unwrapped body type, or without
     * one when the type does not tell it.
     */
    public RouteResponse response(Type resultType, int status, int voidStatus) {
        Type body = unwrap(resultType);
        if (body == void.class) {
            return RouteResponse.empty(voidStatus);
        }
        return body == null ? RouteResponse.undescribed(status) : RouteResponse.of(status, body);
    }

    /** The body type: {@code void.class} for none, null when unknown. */
    private Type unwrap(Type type) {
        if (type instanceof WildcardType wildcard) {
            return unwrap(wildcard.getUpperBounds()[0]);
        }
        if (type instanceof GenericArrayType) {
            return type;
        }
        Class<?> raw = raw(type);
        if (raw == null || raw == Object.class) {
            return null;
        }
        if (raw == void.class || raw == Void.class) {
            return void.class;
        }
        for (Class<?> wrapper : wrappers) {
            if (wrapper.isAssignableFrom(raw)) {
                return type instanceof ParameterizedType p ? unwrap(p.getActualTypeArguments()[0]) : null;
            }
        }
        for (Class<?> unknown : undescribed) {
            if (unknown.isAssignableFrom(raw)) {
                return null;
            }
        }
        return type;
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            return c;
        }
        return null;
    }
}
