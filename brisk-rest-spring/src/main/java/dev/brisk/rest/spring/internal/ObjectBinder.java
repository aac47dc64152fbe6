package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Converters;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteParameter;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code @ModelAttribute}-style binding: builds an object from query and form fields, through a record's canonical
 * constructor or a no-argument constructor and setters, with the converters chosen at startup. Properties may be
 * simple values, lists or sets of them ({@code tag=a&tag=b}), or nested objects bound from dotted names
 * ({@code address.city=Oslo}); a nested object is created only when a field names one of its properties.
 */
final class ObjectBinder {

    private static final int MAX_DEPTH = 4;

    /** Builds one property's value from the request (null when the request names none of it). */
    private interface PropertyBinder {
        Object bind(RequestContext ctx, List<Failure> failures);
    }

    /** A request field whose value did not convert to its property's type. */
    record Failure(String field, String value, Class<?> type) {

        /** What is wrong, in the client's terms. */
        String message() {
            return "cannot convert '" + value + "' to " + UnhandledErrors.typeName(type);
        }
    }

    /** An object bound with failures: the object (failed properties left empty) and what failed. */
    record Bound(Object target, List<Failure> failures) {
    }

    private ObjectBinder() {
    }

    /** Binds a {@code type}; its top-level properties are added to {@code published} as query parameters. */
    static ArgumentResolver forType(Class<?> type, List<RouteParameter> published) {
        PropertyBinder binder = binder(type, "", 0, published);
        return ctx -> {
            List<Failure> failures = new ArrayList<>(0);
            Object target = binder.bind(ctx, failures);
            return failures.isEmpty() ? target : new Bound(target, List.copyOf(failures));
        };
    }

    /** @param published where the properties bound go as parameters; null for nested objects */
    private static PropertyBinder binder(Class<?> type, String prefix, int depth, List<RouteParameter> published) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            return type.isRecord() ? record(type, lookup, prefix, depth, published)
                    : bean(type, lookup, prefix, depth, published);
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalArgumentException("cannot bind request fields to " + type.getName() + ": " + e, e);
        }
    }

    private static PropertyBinder record(Class<?> type, MethodHandles.Lookup lookup, String prefix, int depth,
                                         List<RouteParameter> published) throws NoSuchMethodException, IllegalAccessException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        PropertyBinder[] properties = new PropertyBinder[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            Field field = field(type, components[i].getName());
            properties[i] = property(prefix + components[i].getName(), types[i], components[i].getGenericType(),
                    depth, field);
            publish(published, components[i].getName(), components[i].getGenericType(),
                    field == null ? components[i] : field);
        }
        MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types));
        return (ctx, failures) -> {
            Object[] args = new Object[properties.length];
            for (int i = 0; i < properties.length; i++) {
                Object value = properties[i].bind(ctx, failures);
                args[i] = value == null ? defaultValue(types[i]) : value;
            }
            return invoke(constructor, args);
        };
    }

    private static PropertyBinder bean(Class<?> type, MethodHandles.Lookup lookup, String prefix, int depth,
                                       List<RouteParameter> published) throws NoSuchMethodException, IllegalAccessException {
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(type.getName() + " is abstract");
        }
        MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class));
        List<MethodHandle> setters = new ArrayList<>();
        List<PropertyBinder> properties = new ArrayList<>();
        for (Method method : type.getMethods()) {
            if (!method.getName().startsWith("set") || method.getName().length() <= 3
                    || method.getParameterCount() != 1) {
                continue;
            }
            String name = method.getName().substring(3);
            name = name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
            Field field = field(type, name);
            PropertyBinder property = propertyOrNull(prefix + name, method.getParameterTypes()[0],
                    method.getGenericParameterTypes()[0], depth, method, field);
            if (property != null) {
                publish(published, name, method.getGenericParameterTypes()[0], field == null ? method : field);
                setters.add(lookup.unreflect(method));
                properties.add(property);
            }
        }
        return (ctx, failures) -> {
            Object bean = invoke(constructor, new Object[0]);
            for (int i = 0; i < properties.size(); i++) {
                Object value = properties.get(i).bind(ctx, failures);
                if (value != null) {
                    invoke(setters.get(i), new Object[] {bean, value});
                }
            }
            return bean;
        };
    }

    private static PropertyBinder property(String name, Class<?> type, Type generic, int depth,
                                           AnnotatedElement... annotated) {
        PropertyBinder binder = propertyOrNull(name, type, generic, depth, annotated);
        if (binder == null) {
            throw new IllegalArgumentException("cannot bind field '" + name + "' of type " + type.getName());
        }
        return binder;
    }

    /** How to bind a property named {@code name}, or null when its type cannot be bound from request fields. */
    private static PropertyBinder propertyOrNull(String name, Class<?> type, Type generic, int depth,
                                                 AnnotatedElement... annotated) {
        Function<String, Object> formatted = SpringClasses.CONTEXT ? DateFormats.converterOrNull(type, annotated)
                : null;
        if (formatted != null || Converters.supports(type)) {
            Function<String, Object> converter = formatted != null ? formatted : Converters.forType(type);
            return (ctx, failures) -> {
                List<String> values = RequestValues.all(ctx, name);
                return values.isEmpty() ? null : convert(converter, values.get(0), name, type, failures);
            };
        }
        if ((type == List.class || type == Set.class || type == Collection.class)
                && generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element
                && Converters.supports(element)) {
            Function<String, Object> converter = Converters.forType(element);
            return (ctx, failures) -> {
                List<String> values = RequestValues.all(ctx, name);
                if (values.isEmpty()) {
                    return null;
                }
                Collection<Object> result = type == Set.class ? new LinkedHashSet<>() : new ArrayList<>();
                for (String value : values) {
                    Object converted = convert(converter, value, name, element, failures);
                    if (converted != null) {
                        result.add(converted);
                    }
                }
                return result;
            };
        }
        if (depth < MAX_DEPTH && ParameterPlans.isBindable(type)) {
            PropertyBinder nested = binder(type, name + ".", depth + 1, null);
            String nestedPrefix = name + ".";
            return (ctx, failures) -> {
                for (String field : RequestValues.all(ctx).keySet()) {
                    if (field.startsWith(nestedPrefix)) {
                        return nested.bind(ctx, failures);
                    }
                }
                return null;
            };
        }
        return null;
    }

    /** A property as an optional query parameter (its field, where constraints sit, as the annotated element). */
    private static void publish(List<RouteParameter> published, String name, Type type, AnnotatedElement element) {
        if (published != null) {
            published.add(new RouteParameter(RouteParameter.Source.QUERY, name, type, false,
                    Optional.empty(), element));
        }
    }

    /** Converts a field's value; a value that does not convert is recorded as a failure and left empty. */
    private static Object convert(Function<String, Object> converter, String value, String field, Class<?> type,
                                  List<Failure> failures) {
        try {
            return converter.apply(value);
        } catch (RuntimeException e) {
            failures.add(new Failure(field, value, type));
            return null;
        }
    }

    /** The field declared for property {@code name} (where {@code @DateTimeFormat} may sit), or null. */
    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        return null;
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
