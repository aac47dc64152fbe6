package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;

/**
 * Fills {@code @Context} fields of resources and providers. Singletons serve many requests at once, so they get a
 * proxy that forwards each call to the request being handled on the calling thread.
 */
final class ContextInjection {

    private static volatile boolean proxiesExist;

    private ContextInjection() {
    }

    /** Whether any {@code @Context} proxy was created (then the current request is tracked per thread). */
    static boolean proxiesExist() {
        return proxiesExist;
    }

    /**
     * Sets every {@code @Context} field of a singleton {@code instance} to a proxy of the current request's; an
     * {@code Sse} field to the application's {@code sse}, which serves every request.
     */
    static void inject(Object instance, Sse sse) {
        for (Class<?> c = instance.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!field.isAnnotationPresent(Context.class) || Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                String where = instance.getClass().getName() + "." + field.getName();
                if (field.getType() == SseEventSink.class) {
                    throw new IllegalArgumentException("@Context SseEventSink at " + where + ": an event sink "
                            + "belongs to one request; declare it as a parameter of the resource method");
                }
                try {
                    Object value = field.getType() == Sse.class ? sse : proxy(field.getType(), where);
                    field.setAccessible(true);
                    field.set(instance, value);
                } catch (Exception e) {
                    throw new IllegalArgumentException("cannot inject @Context field " + field + ": "
                            + e.getMessage(), e);
                }
            }
        }
    }

    private static Object proxy(Class<?> type, String where) {
        if (!type.isInterface()) {
            throw new IllegalArgumentException("@Context " + type.getName() + " at " + where + " is not supported");
        }
        ParamSource source = Params.context(type);
        proxiesExist = true;
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "toString" -> "@Context " + type.getSimpleName() + " of the current request";
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                };
            }
            Exchange exchange = Exchange.current();
            if (exchange == null) {
                throw new IllegalStateException("@Context " + type.getSimpleName() + " used outside a request "
                        + "(at " + where + ")");
            }
            try {
                return method.invoke(source.resolve(exchange), args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }
}
