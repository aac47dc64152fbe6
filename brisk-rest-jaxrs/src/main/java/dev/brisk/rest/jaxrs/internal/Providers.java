package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;

import dev.brisk.codec.MediaType;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The application's providers, sorted once: exception mappers, entity readers and writers, parameter converters,
 * request and response filters, reader and writer interceptors, with their {@code @Priority} and name bindings.
 */
public final class Providers {

    private static final int DEFAULT_PRIORITY = Priorities.USER;

    /** A provider with what decides where and in which order it applies. */
    public record Entry<T>(T provider, int priority, Set<Class<? extends Annotation>> bindings, Class<?> type,
                           List<MediaType> mediaTypes) {
    }

    private final List<Entry<ExceptionMapper<?>>> mappers = new ArrayList<>();
    private final List<Entry<MessageBodyReader<?>>> readers = new ArrayList<>();
    private final List<Entry<MessageBodyWriter<?>>> writers = new ArrayList<>();
    private final List<Entry<ParamConverterProvider>> converters = new ArrayList<>();
    private final List<Entry<ContainerRequestFilter>> preMatching = new ArrayList<>();
    private final List<Entry<ContainerRequestFilter>> requestFilters = new ArrayList<>();
    private final List<Entry<ContainerResponseFilter>> responseFilters = new ArrayList<>();
    private final List<Entry<ReaderInterceptor>> readerInterceptors = new ArrayList<>();
    private final List<Entry<WriterInterceptor>> writerInterceptors = new ArrayList<>();
    private final List<Entry<ContextResolver<?>>> jsonMapperResolvers = new ArrayList<>();
    private boolean jackson2;

    /** Whether {@code type} is a provider Brisk can use. */
    public static boolean isProvider(Class<?> type) {
        return type.isAnnotationPresent(Provider.class)
                || ExceptionMapper.class.isAssignableFrom(type) || MessageBodyReader.class.isAssignableFrom(type)
                || MessageBodyWriter.class.isAssignableFrom(type) || ParamConverterProvider.class.isAssignableFrom(type)
                || ContainerRequestFilter.class.isAssignableFrom(type)
                || ContainerResponseFilter.class.isAssignableFrom(type)
                || ReaderInterceptor.class.isAssignableFrom(type) || WriterInterceptor.class.isAssignableFrom(type)
                || ContextResolver.class.isAssignableFrom(type);
    }

    /** Registers {@code provider} under every provider contract it implements. */
    public void add(Object provider) {
        Class<?> type = provider.getClass();
        ConstrainedTo constrained = type.getAnnotation(ConstrainedTo.class);
        if (constrained != null && constrained.value() == RuntimeType.CLIENT) {
            return;
        }
        int order = priority(type);
        Set<Class<? extends Annotation>> bindings = Annotations.nameBindings(type);
        boolean any = false;
        if (provider instanceof ExceptionMapper<?> mapper) {
            mappers.add(new Entry<>(mapper, order, bindings,
                    GenericTypes.argument(type, ExceptionMapper.class, 0), List.of()));
            any = true;
        }
        if (provider instanceof MessageBodyReader<?> reader) {
            Consumes consumes = Annotations.find(type, Consumes.class);
            readers.add(new Entry<>(reader, order, bindings, GenericTypes.argument(type, MessageBodyReader.class, 0),
                    MediaTypes.parse(consumes == null ? null : consumes.value())));
            any = true;
        }
        if (provider instanceof MessageBodyWriter<?> writer) {
            Produces produces = Annotations.find(type, Produces.class);
            writers.add(new Entry<>(writer, order, bindings, GenericTypes.argument(type, MessageBodyWriter.class, 0),
                    MediaTypes.parse(produces == null ? null : produces.value())));
            any = true;
        }
        if (provider instanceof ParamConverterProvider converter) {
            converters.add(new Entry<>(converter, order, bindings, type, List.of()));
            any = true;
        }
        if (provider instanceof ContainerRequestFilter filter) {
            (type.isAnnotationPresent(PreMatching.class) ? preMatching : requestFilters)
                    .add(new Entry<>(filter, order, bindings, type, List.of()));
            any = true;
        }
        if (provider instanceof ContainerResponseFilter filter) {
            responseFilters.add(new Entry<>(filter, order, bindings, type, List.of()));
            any = true;
        }
        if (provider instanceof ReaderInterceptor interceptor) {
            readerInterceptors.add(new Entry<>(interceptor, order, bindings, type, List.of()));
            any = true;
        }
        if (provider instanceof WriterInterceptor interceptor) {
            writerInterceptors.add(new Entry<>(interceptor, order, bindings, type, List.of()));
            any = true;
        }
        if (provider instanceof ContextResolver<?> resolver) {
            int jackson = JsonMapperResolvers.jacksonVersion(type);
            if (jackson != 0) {
                jsonMapperResolvers.add(new Entry<>(resolver, order, bindings, type, List.of()));
            }
            jackson2 |= jackson == 2;
            any = true;
        }
        if (!any) {
            throw new IllegalArgumentException(type.getName() + " is annotated @Provider but implements no provider "
                    + "contract Brisk supports (ExceptionMapper, MessageBodyReader/Writer, ParamConverterProvider, "
                    + "ContainerRequest/ResponseFilter, Reader/WriterInterceptor, ContextResolver)");
        }
        Comparator<Entry<?>> byPriority = Comparator.comparingInt(Entry::priority);
        for (List<? extends Entry<?>> list : List.of(mappers, readers, writers, converters, preMatching,
                requestFilters, readerInterceptors, writerInterceptors, jsonMapperResolvers)) {
            list.sort(byPriority);
        }
        // response filters run in descending priority
        responseFilters.sort(byPriority.reversed());
    }

    /**
     * The {@code jakarta.annotation.Priority} of a provider class (read by name: jakarta.annotation-api is the
     * application's dependency), or the default user priority.
     */
    static int priority(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Annotation annotation : c.getAnnotations()) {
                if (annotation.annotationType().getName().equals("jakarta.annotation.Priority")) {
                    try {
                        return (Integer) annotation.annotationType().getMethod("value").invoke(annotation);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException("cannot read @Priority of " + type.getName(), e);
                    }
                }
            }
        }
        return DEFAULT_PRIORITY;
    }

    /**
     * The mapper for the closest superclass of {@code error}, or null; null too when {@code builtIn} (may be null), a
     * type the runtime maps itself, is a closer superclass of {@code error} than any mapper's type (at the same
     * distance the application's mapper wins), as Jersey's own mappers compete with the application's.
     */
    @SuppressWarnings("unchecked")
    public ExceptionMapper<Throwable> mapper(Throwable error, Class<?> builtIn) {
        ExceptionMapper<?> best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Entry<ExceptionMapper<?>> entry : mappers) {
            int distance = distance(error.getClass(), entry.type());
            if (distance < bestDistance) {
                best = entry.provider();
                bestDistance = distance;
            }
        }
        int builtInDistance = builtIn == null ? Integer.MAX_VALUE : distance(error.getClass(), builtIn);
        return bestDistance <= builtInDistance ? (ExceptionMapper<Throwable>) best : null;
    }

    private static int distance(Class<?> type, Class<?> target) {
        int distance = 0;
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c == target) {
                return distance;
            }
            distance++;
        }
        return Integer.MAX_VALUE;
    }

    /** The converter the providers give for a parameter type, or null. */
    public ParamConverter<?> converter(Class<?> raw, Type generic, Annotation[] annotations) {
        for (Entry<ParamConverterProvider> entry : converters) {
            ParamConverter<?> converter = entry.provider().getConverter(raw, generic, annotations);
            if (converter != null) {
                return converter;
            }
        }
        return null;
    }

    /** The {@code ContextResolver}s of Jackson mappers (3 and 2), by priority. */
    public List<Entry<ContextResolver<?>>> jsonMapperResolvers() {
        return jsonMapperResolvers;
    }

    /**
     * Whether the application maps JSON with Jackson 2, as written for Jersey's Jackson provider: it registers a
     * {@code ContextResolver} of a Jackson 2 mapper or Jersey's {@code JacksonFeature}.
     */
    public boolean jackson2() {
        return jackson2;
    }

    /** Maps the JSON no resolver decides for with Jackson 2 (Jersey's {@code JacksonFeature} is registered). */
    void mapJsonWithJackson2() {
        jackson2 = true;
    }

    public List<Entry<MessageBodyReader<?>>> readers() {
        return readers;
    }

    public List<Entry<MessageBodyWriter<?>>> writers() {
        return writers;
    }

    public List<ContainerRequestFilter> preMatchingFilters() {
        return preMatching.stream().map(Entry::provider).toList();
    }

    /** Request filters bound to a resource method with {@code bindings} (unbound filters apply everywhere). */
    public List<ContainerRequestFilter> requestFilters(Set<Class<? extends Annotation>> bindings) {
        return bound(requestFilters, bindings);
    }

    public List<ContainerResponseFilter> responseFilters(Set<Class<? extends Annotation>> bindings) {
        return bound(responseFilters, bindings);
    }

    public List<ReaderInterceptor> readerInterceptors(Set<Class<? extends Annotation>> bindings) {
        return bound(readerInterceptors, bindings);
    }

    public List<WriterInterceptor> writerInterceptors(Set<Class<? extends Annotation>> bindings) {
        return bound(writerInterceptors, bindings);
    }

    /** {@code interceptors} with {@code added} among them, placed by its {@code priority}. */
    static List<WriterInterceptor> with(List<WriterInterceptor> interceptors, WriterInterceptor added, int priority) {
        List<WriterInterceptor> result = new ArrayList<>(interceptors);
        int at = 0;
        while (at < result.size() && priority(result.get(at).getClass()) <= priority) {
            at++;
        }
        result.add(at, added);
        return List.copyOf(result);
    }

    private static <T> List<T> bound(List<Entry<T>> entries, Set<Class<? extends Annotation>> bindings) {
        List<T> result = new ArrayList<>();
        for (Entry<T> entry : entries) {
            if (bindings.containsAll(entry.bindings())) {
                result.add(entry.provider());
            }
        }
        return List.copyOf(result);
    }
}
