package dev.brisk.spring.boot.internal;

import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;
import org.springframework.util.unit.DataSize;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Boot properties bound straight onto an options builder, so that each option has one source: every public
 * one-argument setter of the builder that returns the builder is the property of its name in kebab case
 * ({@code ServerOptions.Builder#maxConnections(int)} under {@code brisk} is {@code brisk.max-connections}), converted
 * as Boot converts ({@code 10s}, {@code PT10S}, enums in any case, comma-separated lists), and a setter taking a
 * {@code Consumer} of a nested builder ({@code limits(Consumer<HttpLimits.Builder>)}) is a group of properties under
 * its name ({@code brisk.limits.*}). An option added to a builder is thereby a property with no edit here.
 *
 * <p>An {@code int} or {@code long} option that counts bytes also takes sizes ({@code 4MB}, {@code 64KB}; a plain
 * number is bytes): one named {@code ...Size} (but {@code ...QueueSize}, a number of requests), {@code ...Buffer},
 * {@code ...Pending}, {@code ...Bytes} or {@code ...WaterMark}. Setters of other types (records, {@code Optional}s,
 * interfaces) are not properties. Options another property sets ({@code port} is {@code server.port}) are left out
 * with {@link #setElsewhere}; {@link #rename} gives an option a property name of its own.
 *
 * <p>Only set properties call their setter: what is not set keeps the builder's value. A value Boot cannot convert
 * fails with Boot's message naming the property; {@link #invalid} names the property of an option the builder refuses.
 */
public final class OptionsBinder {

    private final Class<?> builderType;
    private final Map<String, String> renamed;
    private final Map<String, String> elsewhere;
    private final Map<String, OptionsBinder> groups;
    private final List<Option> options;

    private OptionsBinder(Class<?> builderType, Map<String, String> renamed, Map<String, String> elsewhere,
                          Map<String, OptionsBinder> groups) {
        this.builderType = builderType;
        this.renamed = renamed;
        this.elsewhere = elsewhere;
        this.groups = groups;
        this.options = discover();
    }

    /** The options of {@code builderType}, each under its own kebab-cased name. */
    public static OptionsBinder of(Class<?> builderType) {
        return new OptionsBinder(builderType, Map.of(), Map.of(), Map.of());
    }

    /** Leaves {@code option} out: {@code where} sets it (a property, for messages: {@code server.port}). */
    public OptionsBinder setElsewhere(String option, String where) {
        Map<String, String> copy = new LinkedHashMap<>(elsewhere);
        copy.put(option, where);
        return new OptionsBinder(builderType, renamed, copy, groups);
    }

    /** Binds {@code option} from {@code property} (relative to the prefix, e.g. {@code worker.threads}). */
    public OptionsBinder rename(String option, String property) {
        Map<String, String> copy = new LinkedHashMap<>(renamed);
        copy.put(option, property);
        return new OptionsBinder(builderType, copy, elsewhere, groups);
    }

    /**
     * Binds the group {@code option} (a {@code Consumer} of a nested builder) with {@code binder}. Renamed to
     * {@code ""}, a group's options sit beside this builder's own: {@code brisk.websocket.max-message-size} sets
     * {@code ServerEndpointDefaults.Builder#options(..)}'s {@code maxMessageSize}.
     */
    public OptionsBinder group(String option, OptionsBinder binder) {
        Map<String, OptionsBinder> copy = new LinkedHashMap<>(groups);
        copy.put(option, binder);
        return new OptionsBinder(builderType, renamed, elsewhere, copy);
    }

    /** Calls the setter of every option set under {@code prefix} on {@code builder}, nested groups included. */
    public void bind(Binder binder, String prefix, Object builder) {
        for (Option option : options) {
            String property = path(prefix, option);
            if (option instanceof Group group) {
                Consumer<Object> nested = inner -> group.binder().bind(binder, property, inner);
                try {
                    invoke(group.setter(), builder, nested);
                } catch (IllegalArgumentException e) {
                    throw group.binder().invalid(property, e);
                }
            } else if (option instanceof Value value) {
                value.bind(binder, property).ifBound(bound -> invoke(value.setter(), builder, bound));
            }
        }
    }

    /**
     * {@code builder} with the options set under {@code prefix}, built by {@code build}; an option the builder refuses
     * fails naming its property.
     */
    public <B, T> T build(Binder binder, String prefix, B builder, Function<B, T> build) {
        bind(binder, prefix, builder);
        try {
            return build.apply(builder);
        } catch (IllegalArgumentException e) {
            throw invalid(prefix, e);
        }
    }

    /**
     * {@code failure} of the builder's validation ({@code maxConnections must be positive: 0}) with the property of
     * the option it names, or as it is when it names none of these options.
     */
    public RuntimeException invalid(String prefix, IllegalArgumentException failure) {
        String message = failure.getMessage() == null ? "" : failure.getMessage();
        String first = message.split("[^A-Za-z0-9]", 2)[0];
        for (Option option : options) {
            if (option instanceof Group group) {
                RuntimeException named = group.binder().invalid(path(prefix, option), failure);
                if (named != failure) {
                    return named;
                }
            } else if (option.name().equals(first)) {
                return new IllegalStateException("Invalid " + path(prefix, option) + ": " + message, failure);
            }
        }
        return failure;
    }

    /** Every property under {@code prefix}, nested groups included, with the type its metadata gives. */
    public Map<String, String> properties(String prefix) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Option option : options) {
            String property = path(prefix, option);
            if (option instanceof Group group) {
                properties.putAll(group.binder().properties(property));
            } else if (option instanceof Value value) {
                properties.put(property, value.metadataType());
            }
        }
        return properties;
    }

    /** The properties of the options left out under {@code prefix}, with where they are set instead. */
    public Map<String, String> elsewhere(String prefix) {
        Map<String, String> left = new LinkedHashMap<>();
        elsewhere.forEach((option, where) -> left.put(prefix + "." + kebab(option), where));
        for (Option option : options) {
            if (option instanceof Group group) {
                left.putAll(group.binder().elsewhere(path(prefix, option)));
            }
        }
        return left;
    }

    /** The groups under {@code prefix} whose every property is an option here: {@code brisk.limits}. */
    public List<String> groups(String prefix) {
        List<String> names = new ArrayList<>();
        for (Option option : options) {
            String property = path(prefix, option);
            if (option instanceof Group group) {
                if (!option.property().isEmpty()) {
                    names.add(property);
                }
                names.addAll(group.binder().groups(property));
            } else if (option.property().contains(".")) {
                String group = property.substring(0, property.lastIndexOf('.'));
                if (!names.contains(group)) {
                    names.add(group);
                }
            }
        }
        return names;
    }

    private List<Option> discover() {
        Method[] methods = builderType.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        Map<String, Option> found = new LinkedHashMap<>();
        for (Method method : methods) {
            String name = method.getName();
            if (method.getParameterCount() != 1 || method.getReturnType() != builderType
                    || Modifier.isStatic(method.getModifiers()) || elsewhere.containsKey(name)) {
                continue;
            }
            String property = renamed.getOrDefault(name, kebab(name));
            ResolvableType type = ResolvableType.forMethodParameter(method, 0);
            Option option = null;
            if (type.toClass() == Consumer.class) {
                Class<?> nested = type.getGeneric(0).resolve();
                if (nested != null && isBuilder(nested)) {
                    option = new Group(name, property, method, groups.getOrDefault(name, of(nested)));
                }
            } else if (isValue(type)) {
                option = new Value(name, property, method, type, countsBytes(name, type.toClass()));
            }
            if (option == null) {
                continue;
            }
            Option other = found.get(name);
            if (other == null || isArray(other) && !isArray(option)) {
                found.put(name, option);
            } else if (isArray(other) == isArray(option)) {
                throw new IllegalStateException(builderType.getName() + " has two setters " + name
                        + " a property can set: give one another name");
            }
        }
        return List.copyOf(found.values());
    }

    /** Of {@code percentiles(List<Double>)} and {@code percentiles(double...)}, the list is the property. */
    private static boolean isArray(Option option) {
        return option instanceof Value value && value.type().isArray();
    }

    private static boolean isBuilder(Class<?> type) {
        try {
            return type.getMethod("build").getReturnType() != void.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** Types a property converts to: scalars, and arrays and collections of them. */
    private static boolean isValue(ResolvableType type) {
        Class<?> raw = type.toClass();
        if (raw.isArray()) {
            return isScalar(raw.getComponentType());
        }
        if (Collection.class.isAssignableFrom(raw)) {
            Class<?> element = type.asCollection().getGeneric(0).resolve();
            return element != null && isScalar(element);
        }
        return isScalar(raw);
    }

    private static boolean isScalar(Class<?> type) {
        return ClassUtils.isPrimitiveOrWrapper(type) || type == String.class || type.isEnum()
                || type == Duration.class || type == Path.class;
    }

    /** Whether an {@code int} or {@code long} option counts bytes, so that it takes sizes too. */
    static boolean countsBytes(String name, Class<?> type) {
        if (type != int.class && type != long.class) {
            return false;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("size") && !lower.endsWith("queuesize") || lower.endsWith("buffer")
                || lower.endsWith("pending") || lower.endsWith("bytes") || lower.endsWith("watermark");
    }

    /** The property of {@code option} under {@code prefix}; an inline group's is the prefix itself. */
    private static String path(String prefix, Option option) {
        return option.property().isEmpty() ? prefix : prefix + "." + option.property();
    }

    /** {@code maxConnections} is {@code max-connections}. */
    static String kebab(String name) {
        StringBuilder kebab = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                kebab.append('-').append(Character.toLowerCase(c));
            } else {
                kebab.append(c);
            }
        }
        return kebab.toString();
    }

    private static void invoke(Method setter, Object builder, Object value) {
        try {
            setter.invoke(builder, value);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An option: a value or a group of options. */
    private sealed interface Option permits Value, Group {

        String name();

        String property();
    }

    /** A group of options on a nested builder. */
    private record Group(String name, String property, Method setter, OptionsBinder binder) implements Option {
    }

    /** One value. */
    private record Value(String name, String property, Method setter, ResolvableType type, boolean bytes)
            implements Option {

        BindResult<?> bind(Binder binder, String property) {
            if (!bytes) {
                return binder.bind(property, Bindable.of(type.toClass().isPrimitive()
                        ? ResolvableType.forClass(ClassUtils.resolvePrimitiveIfNecessary(type.toClass())) : type));
            }
            return binder.bind(property, DataSize.class).map(size -> {
                long bytes = size.toBytes();
                if (type.toClass() == long.class) {
                    return bytes;
                }
                if (bytes > Integer.MAX_VALUE || bytes < Integer.MIN_VALUE) {
                    throw new IllegalStateException("Invalid " + property + ": at most " + Integer.MAX_VALUE
                            + "B: " + size);
                }
                return (int) bytes;
            });
        }

        String metadataType() {
            if (bytes) {
                return DataSize.class.getName();
            }
            Class<?> raw = type.toClass();
            if (raw.isPrimitive()) {
                return ClassUtils.resolvePrimitiveIfNecessary(raw).getName();
            }
            if (raw.isArray()) {
                return raw.getComponentType().getName() + "[]";
            }
            return type.hasGenerics() ? type.toString() : raw.getName();
        }
    }
}
