package dev.brisk.rest.jaxrs.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.jaxrs.internal.sse.JaxRsEventSink;
import dev.brisk.rest.jaxrs.internal.sse.SseSupport;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import dev.brisk.rest.RouteParameter;

import dev.brisk.rest.support.ParameterNames;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/** Builds, at startup, how each parameter of a resource method (or field of a {@code @BeanParam}) is filled. */
final class Params {

    /** Marks the parameter {@code @Suspended AsyncResponse}: filled by the handler itself. */
    static final ParamSource SUSPENDED = exchange -> {
        throw new IllegalStateException("the asynchronous response is supplied by the handler");
    };

    private final Providers providers;
    private final EntityIO entities;
    private final SseSupport sse;

    Params(Providers providers, EntityIO entities, SseSupport sse) {
        this.providers = providers;
        this.entities = entities;
        this.sse = sse;
    }

    /**
     * The plan for {@code annotated} (the method carrying the annotations), with its template's variables; what it
     * takes from the request is added to {@code published}.
     */
    ParamSource[] forMethod(Method annotated, Set<String> pathVariables, EntityIO.Bound bound,
                            List<RouteParameter> published) {
        Annotation[][] annotations = annotated.getParameterAnnotations();
        Type[] types = annotated.getGenericParameterTypes();
        Class<?>[] raw = annotated.getParameterTypes();
        boolean methodEncoded = annotated.isAnnotationPresent(Encoded.class)
                || annotated.getDeclaringClass().isAnnotationPresent(Encoded.class);
        Parameter[] parameters = annotated.getParameters();
        ParamSource[] plan = new ParamSource[raw.length];
        int entityIndex = -1;
        for (int i = 0; i < raw.length; i++) {
            Target target = new Target(raw[i], types[i], annotations[i], methodEncoded, parameterName(annotated, i),
                    parameters[i]);
            try {
                ParamSource source = forTarget(target, pathVariables, published);
                if (source == null) {
                    if (entityIndex >= 0) {
                        throw new IllegalArgumentException("it has no annotation saying where it comes from "
                                + "(@PathParam, @QueryParam, @HeaderParam, ...) and parameter #" + entityIndex
                                + " is already the request entity");
                    }
                    entityIndex = i;
                    source = entities.entityParameter(raw[i], types[i], annotations[i], bound);
                    published.add(new RouteParameter(RouteParameter.Source.BODY, "", types[i],
                            raw[i] != Optional.class, Optional.empty(), parameters[i]));
                }
                plan[i] = source;
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cannot resolve parameter #" + i + " (" + raw[i].getSimpleName()
                        + " " + target.name + ") of " + annotated + ": " + e.getMessage(), e);
            }
        }
        return plan;
    }

    private static String parameterName(Method method, int index) {
        return ParameterNames.of(method, index).orElse("arg" + index);
    }

    /** A parameter or field to fill; {@code element} is the parameter, field or setter that declares it. */
    private record Target(Class<?> raw, Type type, Annotation[] annotations, boolean encodedByDefault, String name,
                          AnnotatedElement element) {

        <A extends Annotation> A annotation(Class<A> type) {
            for (Annotation annotation : annotations) {
                if (type.isInstance(annotation)) {
                    return type.cast(annotation);
                }
            }
            return null;
        }

        boolean encoded() {
            return encodedByDefault || annotation(Encoded.class) != null;
        }

        String defaultValue() {
            DefaultValue value = annotation(DefaultValue.class);
            return value == null ? null : value.value();
        }

        /** This target as a value the route takes from the request; only path parameters are required. */
        void publish(List<RouteParameter> published, RouteParameter.Source source, String name) {
            if (published != null) {
                published.add(new RouteParameter(source, name, type, source == RouteParameter.Source.PATH,
                        Optional.ofNullable(defaultValue()), element));
            }
        }
    }

    /**
     * The source for a target, or null when it is the request entity; what it takes from the request is added to
     * {@code published} (when not null).
     */
    private ParamSource forTarget(Target t, Set<String> pathVariables, List<RouteParameter> published) {
        PathParam path = t.annotation(PathParam.class);
        if (path != null) {
            String name = path.value();
            t.publish(published, RouteParameter.Source.PATH, name);
            if (pathVariables != null && !pathVariables.contains(name)) {
                throw new IllegalArgumentException("@PathParam(\"" + name + "\") is not a variable of the path "
                        + "template; its variables are " + pathVariables);
            }
            boolean encoded = t.encoded();
            if (t.raw() == PathSegment.class) {
                return exchange -> lastSegmentOf(exchange, name, encoded);
            }
            Function<Exchange, String> single = exchange -> exchange.pathValue(name, encoded);
            return values(t, "path parameter '" + name + "'", 404, exchange -> {
                String value = single.apply(exchange);
                return value == null ? List.of() : List.of(value);
            }, single);
        }
        QueryParam query = t.annotation(QueryParam.class);
        if (query != null) {
            String name = query.value();
            t.publish(published, RouteParameter.Source.QUERY, name);
            boolean encoded = t.encoded();
            return values(t, "query parameter '" + name + "'", 404, encoded
                    ? exchange -> Uris.parseQuery(exchange.serverRequest().rawQuery(), false).getOrDefault(name,
                    List.of())
                    : exchange -> exchange.serverRequest().queryAll(name));
        }
        HeaderParam header = t.annotation(HeaderParam.class);
        if (header != null) {
            String name = header.value();
            t.publish(published, RouteParameter.Source.HEADER, name);
            return values(t, "header '" + name + "'", 400, exchange -> {
                List<String> values = exchange.getRequestHeader(name);
                return values == null ? List.of() : values;
            });
        }
        CookieParam cookie = t.annotation(CookieParam.class);
        if (cookie != null) {
            String name = cookie.value();
            t.publish(published, RouteParameter.Source.COOKIE, name);
            if (t.raw() == Cookie.class) {
                return exchange -> exchange.getCookies().get(name);
            }
            return values(t, "cookie '" + name + "'", 400, exchange -> exchange.serverRequest().cookie(name)
                    .map(List::of).orElse(List.of()));
        }
        MatrixParam matrix = t.annotation(MatrixParam.class);
        if (matrix != null) {
            String name = matrix.value();
            t.publish(published, RouteParameter.Source.MATRIX, name);
            boolean decode = !t.encoded();
            return values(t, "matrix parameter '" + name + "'", 404, exchange -> {
                String rawPath = exchange.serverRequest().rawPath();
                String last = rawPath.substring(rawPath.lastIndexOf('/') + 1);
                return Uris.matrix(last, decode).getOrDefault(name, List.of());
            });
        }
        FormParam form = t.annotation(FormParam.class);
        if (form != null) {
            t.publish(published, RouteParameter.Source.FORM, form.value());
            return formField(t, form.value());
        }
        if (t.annotation(BeanParam.class) != null) {
            return bean(t.raw(), pathVariables, published);
        }
        if (t.annotation(Suspended.class) != null) {
            if (t.raw() != AsyncResponse.class) {
                throw new IllegalArgumentException("@Suspended applies to AsyncResponse parameters only");
            }
            return SUSPENDED;
        }
        if (t.annotation(Context.class) != null) {
            if (t.raw() == Sse.class) {
                return exchange -> sse;
            }
            if (t.raw() == SseEventSink.class) {
                return exchange -> {
                    JaxRsEventSink sink = new JaxRsEventSink(sse.encoder());
                    exchange.eventSink(sink);
                    return sink;
                };
            }
            return context(t.raw());
        }
        if (t.raw() == RequestContext.class || t.raw() == ServerRequest.class || t.raw() == ServerResponse.class) {
            return context(t.raw());
        }
        return null;
    }

    /**
     * A form field: of a URL-encoded body, or a part of a {@code multipart/form-data} one, as an {@code EntityPart}
     * (or a list of those of that name), an {@code InputStream} of its content, or text converted as usual.
     */
    private ParamSource formField(Target t, String name) {
        if (t.raw() == EntityPart.class) {
            return exchange -> {
                List<EntityPart> parts = entities.parts(exchange, name);
                return parts.isEmpty() ? null : parts.get(0);
            };
        }
        if (t.raw() == List.class && GenericTypes.raw(GenericTypes.firstArgument(t.type())) == EntityPart.class) {
            return exchange -> entities.parts(exchange, name);
        }
        if (t.raw() == InputStream.class) {
            return exchange -> {
                List<EntityPart> parts = entities.parts(exchange, name);
                return parts.isEmpty() ? null : parts.get(0).getContent();
            };
        }
        return values(t, "form field '" + name + "'", 400, exchange -> entities.formValues(exchange, name));
    }

    /** The source of a {@code @Context} type. */
    static ParamSource context(Class<?> type) {
        if (type == UriInfo.class) {
            return Exchange::getUriInfo;
        }
        if (type == HttpHeaders.class || type == ContainerRequestContext.class) {
            return exchange -> exchange;
        }
        if (type == Request.class) {
            return Exchange::getRequest;
        }
        if (type == SecurityContext.class) {
            return Exchange::getSecurityContext;
        }
        if (type == RequestContext.class) {
            return Exchange::context;
        }
        if (type == ServerRequest.class) {
            return Exchange::serverRequest;
        }
        if (type == ServerResponse.class) {
            return exchange -> exchange.context().response();
        }
        throw new IllegalArgumentException("@Context " + type.getName() + " is not supported; supported: UriInfo, "
                + "HttpHeaders, Request, SecurityContext, ContainerRequestContext, Sse, and SseEventSink as a "
                + "resource method parameter");
    }

    private static PathSegment lastSegmentOf(Exchange exchange, String name, boolean encoded) {
        String value = exchange.pathValue(name, true);
        if (value == null) {
            return null;
        }
        String rawPath = exchange.serverRequest().rawPath();
        for (String raw : rawPath.split("/")) {
            if (raw.equals(value) || raw.startsWith(value + ";")) {
                return UriInfoImpl.Segment.of(raw, !encoded);
            }
        }
        return UriInfoImpl.Segment.of(value, !encoded);
    }

    /** Single values, {@code List}/{@code Set}/{@code SortedSet}, {@code Optional}, with {@code @DefaultValue}. */
    private ParamSource values(Target t, String what, int failureStatus,
                               Function<Exchange, List<String>> source) {
        return values(t, what, failureStatus, source, exchange -> {
            List<String> values = source.apply(exchange);
            return values.isEmpty() ? null : values.get(0);
        });
    }

    /** Like the above, with {@code first} reading a single value without building a list. */
    private ParamSource values(Target t, String what, int failureStatus,
                               Function<Exchange, List<String>> source, Function<Exchange, String> first) {
        String defaultValue = t.defaultValue();
        Class<?> raw = t.raw();
        boolean collection = raw == List.class || raw == Set.class || raw == SortedSet.class
                || raw == Collection.class;
        boolean optional = raw == Optional.class;
        Type elementType = collection || optional ? GenericTypes.firstArgument(t.type()) : t.type();
        Class<?> element = GenericTypes.raw(elementType);
        if (collection && element == PathSegment.class) {
            throw new IllegalArgumentException("List<PathSegment> is not supported; use PathSegment or UriInfo"
                    + ".getPathSegments()");
        }
        Function<String, Object> converter = StringConversion.forType(element, elementType, t.annotations(),
                providers);
        Function<String, Object> convert = value -> {
            try {
                return converter.apply(value);
            } catch (RuntimeException e) {
                String message = what + ": cannot convert '" + value + "' to " + element.getSimpleName();
                throw failureStatus == 404 ? new NotFoundException(message, e) : new BadRequestException(message, e);
            }
        };
        if (collection) {
            return exchange -> {
                List<String> values = source.apply(exchange);
                if (values.isEmpty() && defaultValue != null) {
                    values = List.of(defaultValue);
                }
                Collection<Object> result = raw == List.class || raw == Collection.class ? new ArrayList<>()
                        : raw == SortedSet.class ? new TreeSet<>() : new LinkedHashSet<>();
                for (String value : values) {
                    result.add(convert.apply(value));
                }
                return raw == List.class || raw == Collection.class ? Collections.unmodifiableList(
                        (List<Object>) result) : result;
            };
        }
        Object absent = absentValue(raw);
        return exchange -> {
            String value = first.apply(exchange);
            if (value == null) {
                value = defaultValue;
            }
            if (value == null) {
                return optional ? Optional.empty() : absent;
            }
            Object converted = convert.apply(value);
            return optional ? Optional.ofNullable(converted) : converted;
        };
    }

    /** What a missing value is: null, or the default of a primitive. */
    private static Object absentValue(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        return Array.get(Array.newInstance(type, 1), 0);
    }

    /** Fills the annotated fields and setters of an object created for one request. */
    @FunctionalInterface
    interface Injector {
        void fill(Object instance, Exchange exchange) throws Exception;
    }

    /** A {@code @BeanParam}: a new instance per request, its annotated fields and setters filled. */
    private ParamSource bean(Class<?> type, Set<String> pathVariables, List<RouteParameter> published) {
        Constructor<?> constructor;
        try {
            constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("@BeanParam " + type.getName() + " needs a no-argument constructor");
        }
        Injector injector = injector(type, pathVariables, published);
        return exchange -> {
            Object bean = constructor.newInstance();
            injector.fill(bean, exchange);
            return bean;
        };
    }

    /**
     * What fills the fields and setters of {@code type} annotated with a parameter annotation or {@code @Context}
     * (for {@code @BeanParam} classes and resources created per request); what they take from the request is added
     * to {@code published} (when not null).
     */
    Injector injector(Class<?> type, Set<String> pathVariables, List<RouteParameter> published) {
        List<Map.Entry<Field, ParamSource>> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                Target target = new Target(field.getType(), field.getGenericType(), field.getAnnotations(),
                        field.isAnnotationPresent(Encoded.class), field.getName(), field);
                ParamSource source = forTarget(target, pathVariables, published);
                if (source != null) {
                    field.setAccessible(true);
                    fields.add(Map.entry(field, source));
                }
            }
        }
        List<Map.Entry<Method, ParamSource>> setters = new ArrayList<>();
        for (Method method : type.getMethods()) {
            if (method.getParameterCount() == 1 && method.getName().startsWith("set")) {
                Target target = new Target(method.getParameterTypes()[0], method.getGenericParameterTypes()[0],
                        method.getAnnotations(), method.isAnnotationPresent(Encoded.class), method.getName(), method);
                ParamSource source = forTarget(target, pathVariables, published);
                if (source != null) {
                    setters.add(Map.entry(method, source));
                }
            }
        }
        if (fields.isEmpty() && setters.isEmpty()) {
            return (instance, exchange) -> { };
        }
        return (instance, exchange) -> {
            for (Map.Entry<Field, ParamSource> field : fields) {
                field.getKey().set(instance, field.getValue().resolve(exchange));
            }
            for (Map.Entry<Method, ParamSource> setter : setters) {
                setter.getKey().invoke(instance, setter.getValue().resolve(exchange));
            }
        };
    }
}
