package dev.brisk.rpc.internal;

import dev.brisk.rpc.HashKey;
import dev.brisk.rpc.Idempotent;
import dev.brisk.rpc.OneWay;
import dev.brisk.rpc.Timeout;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What both sides know of one interface method, read once at startup: its wire signature, whether it answers
 * asynchronously, its annotations, and the type of the value that travels back.
 */
public final class MethodModel {

    private final Method method;
    private final String signature;
    private final Type[] parameterTypes;
    private final boolean async;
    private final Type resultType;
    private final boolean oneWay;
    private final boolean idempotent;
    private final long timeoutMillis;
    private final int hashKeyIndex;

    MethodModel(Method method) {
        this.method = method;
        this.signature = signature(method);
        this.parameterTypes = method.getGenericParameterTypes();
        Class<?> returnType = method.getReturnType();
        this.async = returnType == CompletionStage.class || returnType == CompletableFuture.class;
        this.resultType = async ? futureValueType(method.getGenericReturnType()) : method.getGenericReturnType();
        this.oneWay = method.isAnnotationPresent(OneWay.class);
        if (oneWay && returnType != void.class) {
            throw new IllegalArgumentException("@OneWay method " + method + " must return void");
        }
        this.idempotent = method.isAnnotationPresent(Idempotent.class);
        Timeout timeout = method.getAnnotation(Timeout.class);
        if (timeout != null && timeout.millis() < 1) {
            throw new IllegalArgumentException("@Timeout of " + method + " must be positive: " + timeout.millis());
        }
        this.timeoutMillis = timeout == null ? 0 : timeout.millis();
        this.hashKeyIndex = hashKeyIndex(method);
    }

    /** {@code name(type,type)} with erased binary type names: what identifies a method across versions. */
    public static String signature(Method method) {
        StringJoiner joiner = new StringJoiner(",", method.getName() + "(", ")");
        for (Class<?> type : method.getParameterTypes()) {
            joiner.add(type.getTypeName());
        }
        return joiner.toString();
    }

    private static Type futureValueType(Type type) {
        return type instanceof ParameterizedType parameterized ? parameterized.getActualTypeArguments()[0]
                : Object.class;
    }

    private static int hashKeyIndex(Method method) {
        Annotation[][] annotations = method.getParameterAnnotations();
        for (int i = 0; i < annotations.length; i++) {
            for (Annotation annotation : annotations[i]) {
                if (annotation instanceof HashKey) {
                    return i;
                }
            }
        }
        return 0;
    }

    public Method method() {
        return method;
    }

    public String signature() {
        return signature;
    }

    public Type[] parameterTypes() {
        return parameterTypes;
    }

    public int parameterCount() {
        return parameterTypes.length;
    }

    /** Whether the method returns a {@link CompletionStage} or {@link CompletableFuture}. */
    public boolean async() {
        return async;
    }

    /** The type of the value answered: the return type, or the future's type argument. */
    public Type resultType() {
        return resultType;
    }

    public boolean oneWay() {
        return oneWay;
    }

    public boolean idempotent() {
        return idempotent;
    }

    /** The {@link Timeout} in milliseconds, 0 when the method has none. */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** The argument that keys consistent hashing (the first when none is marked). */
    public int hashKeyIndex() {
        return hashKeyIndex;
    }

    @Override
    public String toString() {
        return signature;
    }
}
