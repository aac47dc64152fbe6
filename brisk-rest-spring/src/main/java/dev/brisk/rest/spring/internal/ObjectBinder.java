package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Converters;
import dev.brisk.rest.HttpStatusException;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code @ModelAttribute}-style binding: builds an object from query and form fields, through a record's canonical
 * constructor or a no-argument constructor and setters, with the converters chosen at startup.
 */
final class ObjectBinder {

    private ObjectBinder() {
    }

    static ArgumentResolver forType(Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            return type.isRecord() ? record(type, lookup) : bean(type, lookup);
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalArgumentException("cannot bind request fields to " + type.getName() + ": " + e, e);
        }
    }

    private static ArgumentResolver record(Class<?> type, MethodHandles.Lookup lookup)
            throws NoSuchMethodException, IllegalAccessException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        List<Function<String, Object>> converters = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            converters.add(Converters.forType(types[i]));
        }
        MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types));
        return ctx -> {
            Object[] args = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                List<String> values = RequestValues.all(ctx, components[i].getName());
                args[i] = values.isEmpty() ? defaultValue(types[i]) : Converters.convert(converters.get(i),
                        values.get(0), "field '" + components[i].getName() + "'", types[i]);
            }
            return invoke(constructor, args);
        };
    }

    private static ArgumentResolver bean(Class<?> type, MethodHandles.Lookup lookup)
            throws NoSuchMethodException, IllegalAccessException {
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(type.getName() + " is abstract");
        }
        MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class));
        List<String> names = new ArrayList<>();
        List<MethodHandle> setters = new ArrayList<>();
        List<Function<String, Object>> converters = new ArrayList<>();
        List<Class<?>> types = new ArrayList<>();
        for (Method method : type.getMethods()) {
            if (method.getName().startsWith("set") && method.getName().length() > 3
                    && method.getParameterCount() == 1 && Converters.supports(method.getParameterTypes()[0])) {
                String property = method.getName().substring(3);
                names.add(property.substring(0, 1).toLowerCase(Locale.ROOT) + property.substring(1));
                setters.add(lookup.unreflect(method));
                converters.add(Converters.forType(method.getParameterTypes()[0]));
                types.add(method.getParameterTypes()[0]);
            }
        }
        return ctx -> {
            Object bean = invoke(constructor, new Object[0]);
            for (int i = 0; i < names.size(); i++) {
                List<String> values = RequestValues.all(ctx, names.get(i));
                if (!values.isEmpty()) {
                    invoke(setters.get(i), new Object[] {bean, Converters.convert(converters.get(i), values.get(0),
                            "field '" + names.get(i) + "'", types.get(i))});
                }
            }
            return bean;
        };
    }

    private static Object defaultValue(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        try {
            return MethodHandles.zero(type).invoke();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static Object invoke(MethodHandle handle, Object[] args) {
        try {
            return handle.invokeWithArguments(args);
        } catch (HttpStatusException | Error e) {
            throw e;
        } catch (RuntimeException e) {
            throw new HttpStatusException(400, "cannot bind request fields: " + e.getMessage());
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
