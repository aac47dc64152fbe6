package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Converters;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteParameter.Source;
import dev.brisk.rest.RouteParameter;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.util.CollectionUtils;
import org.springframework.util.LinkedCaseInsensitiveMap;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ValueConstants;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import dev.brisk.rest.support.ParameterNames;
import io.netty.buffer.ByteBufInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.util.StringUtils;
import org.springframework.util.StringValueResolver;
import org.springframework.validation.Errors;

/**
 * Builds, at startup, how each parameter of a Spring MVC handler method is filled from a request. Missing and
 * unconvertible values raise Spring's own exceptions ({@link SpringErrors}), so the application's handlers see them.
 */
final class ParameterPlans {

    /**
     * The resolvers of a method's parameters, which parameters are bodies or model attributes, and the values they
     * take from the request as the route publishes them.
     */
    record Plan(List<ArgumentResolver> resolvers, MethodParameter[] parameters, boolean[] bodies,
                List<RouteParameter> published) {
    }

    private ParameterPlans() {
    }

    static Plan forMethod(Class<?> type, Method method, List<String> paths) {
        return forMethod(type, method, paths, null);
    }

    /** Like {@link #forMethod(Class, Method, List)}; {@code values} resolves {@code @Value} parameters. */
    static Plan forMethod(Class<?> type, Method method, List<String> paths, StringValueResolver values) {
        MethodParameter[] declared = HandlerParameters.of(type, method);
        int count = declared.length;
        List<ArgumentResolver> plan = new ArrayList<>(count);
        MethodParameter[] parameters = new MethodParameter[count];
        boolean[] bodies = new boolean[count];
        List<RouteParameter> published = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MethodParameter parameter = declared[i];
            parameters[i] = parameter;
            try {
                UnsupportedParameters.check(parameter);
                if (SpringClasses.CONTEXT && Errors.class
                        .isAssignableFrom(parameter.getParameterType())) {
                    if (i == 0 || !bodies[i - 1]) {
                        throw new IllegalArgumentException("an Errors/BindingResult parameter must come right "
                                + "after the @RequestBody or @ModelAttribute parameter whose errors it receives");
                    }
                    plan.add(ctx -> null);
                    continue;
                }
                Value value = parameter.getParameterAnnotation(Value.class);
                plan.add(value != null ? valueResolver(parameter, value, values)
                        : resolver(parameter, paths, published));
                bodies[i] = parameter.hasParameterAnnotation(RequestBody.class) || isModelAttribute(parameter)
                        || parameter.hasParameterAnnotation(RequestPart.class)
                        && !MultipartArguments.takesFiles(parameter);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cannot resolve parameter #" + i + " ("
                        + parameter.getParameterType().getSimpleName() + ") of " + method + ": " + e.getMessage(), e);
            }
        }
        return new Plan(plan, parameters, bodies, List.copyOf(published));
    }

    /**
     * A {@code @Value("${...}")} parameter, as Spring MVC fills it: the expression resolved by the application
     * context (once, when the route is built) and converted to the parameter's type.
     */
    private static ArgumentResolver valueResolver(MethodParameter parameter, Value value, StringValueResolver values) {
        if (values == null) {
            throw new IllegalArgumentException("@Value(\"" + value.value() + "\") needs the application context's "
                    + "placeholder resolver: register a StringValueResolver with the controllers (the Spring Boot "
                    + "starter does)");
        }
        String resolved = values.resolveStringValue(value.value());
        Class<?> type = parameter.getParameterType();
        Object converted = type == String.class || resolved == null ? resolved
                : Converters.convert(Converters.forType(type), resolved, "@Value", type);
        return ctx -> converted;
    }

    /** Whether the parameter is bound from request fields as a model attribute (annotated or not). */
    private static boolean isModelAttribute(MethodParameter parameter) {
        if (hasSourceAnnotation(parameter)) {
            return false;
        }
        if (parameter.hasParameterAnnotation(ModelAttribute.class)) {
            return true;
        }
        Class<?> type = parameter.getParameterType();
        return !Converters.supports(type == Optional.class ? rawArgument(parameter) : type) && isBindable(type);
    }

    private static boolean hasSourceAnnotation(MethodParameter parameter) {
        for (Class<? extends Annotation> source : List.of(PathVariable.class, RequestParam.class,
                RequestHeader.class, CookieValue.class, MatrixVariable.class, RequestBody.class,
                RequestAttribute.class, RequestPart.class)) {
            if (parameter.hasParameterAnnotation(source)) {
                return true;
            }
        }
        return false;
    }

    /** How {@code parameter} is filled; what it takes from the request is added to {@code published}. */
    private static ArgumentResolver resolver(MethodParameter parameter, List<String> paths,
                                             List<RouteParameter> published) {
        Class<?> type = parameter.getParameterType();
        ContextArguments.Resolver context = hasSourceAnnotation(parameter) ? null
                : ContextArguments.resolverOrNull(parameter);
        if (context != null) {
            return context::resolve;
        }
        if (HttpEntity.class.isAssignableFrom(type)) {
            publish(published, parameter, Source.BODY, "", argument(parameter), false, ValueConstants.DEFAULT_NONE);
            return RequestBodies.httpEntity(parameter);
        }
        if (type == InputStream.class) {
            return ctx -> new ByteBufInputStream(ctx.request().body().duplicate());
        }
        if (type == Reader.class) {
            return ctx -> new InputStreamReader(new ByteBufInputStream(
                    ctx.request().body().duplicate()), StandardCharsets.UTF_8);
        }
        PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
        if (path != null) {
            if (!Map.class.isAssignableFrom(type)) {
                publish(published, parameter, Source.PATH, name(parameter, path.name()), true,
                        ValueConstants.DEFAULT_NONE);
            }
            return pathVariable(parameter, name(parameter, path.name()), paths);
        }
        RequestPart part = parameter.getParameterAnnotation(RequestPart.class);
        if (part != null) {
            String name = name(parameter, part.name());
            publish(published, parameter, Source.PART, name, part.required(), ValueConstants.DEFAULT_NONE);
            return MultipartArguments.takesFiles(parameter) ? MultipartArguments.files(parameter, name, part.required())
                    : MultipartArguments.part(parameter, name, part.required());
        }
        RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
        if (param != null && MultipartArguments.takesFileMap(parameter)) {
            return MultipartArguments.fileMap(parameter);
        }
        if (param != null && MultipartArguments.takesFiles(parameter)) {
            boolean required = param.required() && ValueConstants.DEFAULT_NONE.equals(param.defaultValue());
            publish(published, parameter, Source.PART, name(parameter, param.name()), required,
                    ValueConstants.DEFAULT_NONE);
            return MultipartArguments.files(parameter, name(parameter, param.name()), required);
        }
        if (param != null) {
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, param.name());
            publish(published, parameter, Source.QUERY, name, param.required(), param.defaultValue());
            return named(parameter, SpringErrors.Source.QUERY_PARAMETER, name, param.required(),
                    param.defaultValue(), ctx -> RequestValues.all(ctx, name), RequestValues::all);
        }
        RequestHeader header = parameter.getParameterAnnotation(RequestHeader.class);
        if (header != null) {
            if (type == HttpHeaders.class) {
                return RequestBodies::headers;
            }
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, header.name());
            publish(published, parameter, Source.HEADER, name, header.required(), header.defaultValue());
            return named(parameter, SpringErrors.Source.HEADER, name, header.required(), header.defaultValue(),
                    ctx -> ctx.request().headers().all(name), ParameterPlans::allHeaders, true);
        }
        CookieValue cookie = parameter.getParameterAnnotation(CookieValue.class);
        if (cookie != null) {
            String name = name(parameter, cookie.name());
            publish(published, parameter, Source.COOKIE, name, cookie.required(), cookie.defaultValue());
            return named(parameter, SpringErrors.Source.COOKIE, name, cookie.required(), cookie.defaultValue(),
                    ctx -> ctx.request().cookie(name).map(List::of).orElse(List.of()), null);
        }
        MatrixVariable matrix = parameter.getParameterAnnotation(MatrixVariable.class);
        if (matrix != null) {
            String pathVar = ValueConstants.DEFAULT_NONE.equals(matrix.pathVar()) ? null : matrix.pathVar();
            Function<RequestContext, Map<String, List<String>>> all = pathVar == null
                    ? RequestContext::matrixParams : ctx -> ctx.matrixParams(pathVar);
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, matrix.name());
            publish(published, parameter, Source.MATRIX, name, matrix.required(), matrix.defaultValue());
            return named(parameter, SpringErrors.Source.MATRIX_VARIABLE, name, matrix.required(),
                    matrix.defaultValue(), ctx -> all.apply(ctx).getOrDefault(name, List.of()), all);
        }
        RequestAttribute attribute = parameter.getParameterAnnotation(RequestAttribute.class);
        if (attribute != null) {
            return requestAttribute(parameter, name(parameter, attribute.name()), attribute.required());
        }
        RequestBody body = parameter.getParameterAnnotation(RequestBody.class);
        if (body != null) {
            publish(published, parameter, Source.BODY, "", body.required(), ValueConstants.DEFAULT_NONE);
            return RequestBodies.requestBody(parameter, body.required());
        }
        if (MultipartArguments.takesFiles(parameter)) {
            // Spring treats an unannotated file parameter as an optional @RequestParam
            publish(published, parameter, Source.PART, name(parameter, ""), false, ValueConstants.DEFAULT_NONE);
            return MultipartArguments.files(parameter, name(parameter, ""), false);
        }
        if (Converters.supports(Optional.class == type ? rawArgument(parameter) : type)) {
            // Spring treats an unannotated simple parameter as an optional query parameter
            String name = name(parameter, "");
            publish(published, parameter, Source.QUERY, name, false, ValueConstants.DEFAULT_NONE);
            return named(parameter, SpringErrors.Source.QUERY_PARAMETER, name, false, ValueConstants.DEFAULT_NONE,
                    ctx -> RequestValues.all(ctx, name), null);
        }
        if (parameter.hasParameterAnnotation(ModelAttribute.class) || isBindable(type)) {
            // Spring binds an unannotated object from the request's query and form fields
            return ObjectBinder.forType(type, published);
        }
        throw new IllegalArgumentException("no annotation says where it comes from (@PathVariable, @RequestParam, "
                + "@RequestHeader, @CookieValue, @RequestBody, @ModelAttribute) and its type is not a simple value");
    }

    /**
     * Publishes a value taken from the request, unless it is a map of all values of its source ({@code name}
     * empty): required when the request must carry it (not an {@code Optional}, no default).
     */
    private static void publish(List<RouteParameter> published, MethodParameter parameter, Source source,
                                String name, boolean required, String defaultValue) {
        publish(published, parameter, source, name, parameter.getGenericParameterType(), required, defaultValue);
    }

    private static void publish(List<RouteParameter> published, MethodParameter parameter, Source source,
                                String name, Type type, boolean required, String defaultValue) {
        if (name.isEmpty() && source != Source.BODY) {
            return;
        }
        boolean hasDefault = !ValueConstants.DEFAULT_NONE.equals(defaultValue);
        boolean optional = parameter.getParameterType() == Optional.class;
        published.add(new RouteParameter(source, name, type, required && !hasDefault && !optional,
                hasDefault ? Optional.of(defaultValue) : Optional.empty(), parameter.getParameter()));
    }

    /** The first type argument of a parameter's generic type ({@code T} of {@code HttpEntity<T>}), else Object. */
    private static Type argument(MethodParameter parameter) {
        return parameter.getGenericParameterType() instanceof ParameterizedType parameterized
                ? parameterized.getActualTypeArguments()[0] : Object.class;
    }

    /** A concrete class of the application's that can be built from request fields. */
    static boolean isBindable(Class<?> type) {
        if (type.isInterface() || type.isArray() || type.isPrimitive() || type.isEnum()
                || Modifier.isAbstract(type.getModifiers())) {
            return false;
        }
        String name = type.getName();
        for (String library : new String[] {"java.", "javax.", "jakarta.", "io.netty.", "org.springframework."}) {
            if (name.startsWith(library)) {
                return false;
            }
        }
        if (type.isRecord()) {
            return true;
        }
        try {
            type.getConstructor();
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String name(MethodParameter parameter, String declared) {
        String name = nameOf(parameter, declared);
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("its name is unknown: name it in the annotation, or compile with "
                    + "-parameters (or with debug information)");
        }
        return name;
    }

    private static String nameOf(MethodParameter parameter, String declared) {
        if (declared != null && !declared.isEmpty()) {
            return declared;
        }
        return ParameterNames.of(parameter.getMethod(), parameter.getParameterIndex())
                .orElse(null);
    }

    private static ArgumentResolver pathVariable(MethodParameter parameter, String name, List<String> paths) {
        Class<?> type = parameter.getParameterType();
        if (Map.class.isAssignableFrom(type)) {
            return RequestContext::pathParams;
        }
        for (String path : paths) {
            if (!path.contains("{" + name + "}") && !path.contains("{" + name + ":")
                    && !path.contains("{*" + name + "}")) {
                throw new IllegalArgumentException("path variable '" + name + "' is not in the route " + path);
            }
        }
        boolean optional = type == Optional.class;
        Class<?> target = optional ? rawArgument(parameter) : type;
        Function<String, Object> converter = converter(parameter, target);
        return ctx -> {
            Object value = convert(converter, ctx.pathParam(name), name, target, parameter);
            return optional ? Optional.of(value) : value;
        };
    }

    private static ArgumentResolver requestAttribute(MethodParameter parameter, String name, boolean required) {
        boolean optional = parameter.getParameterType() == Optional.class;
        return ctx -> {
            Object value = ctx.attributes().get(name);
            if (value == null && required && !optional) {
                throw SpringErrors.get().missingAttribute(name, parameter);
            }
            return optional ? Optional.ofNullable(value) : value;
        };
    }

    /** Query parameters, headers, cookies and matrix variables: single values, collections, arrays, Optional, maps. */
    private static ArgumentResolver named(MethodParameter parameter, SpringErrors.Source source, String name,
                                          boolean required, String defaultValue,
                                          Function<RequestContext, List<String>> values,
                                          Function<RequestContext, Map<String, List<String>>> all) {
        return named(parameter, source, name, required, defaultValue, values, all, false);
    }

    /** @param caseInsensitive whether a map of all values ignores the case of names (as for headers) */
    private static ArgumentResolver named(MethodParameter parameter, SpringErrors.Source source, String name,
                                          boolean required, String defaultValue,
                                          Function<RequestContext, List<String>> values,
                                          Function<RequestContext, Map<String, List<String>>> all,
                                          boolean caseInsensitive) {
        Class<?> type = parameter.getParameterType();
        boolean hasDefault = !ValueConstants.DEFAULT_NONE.equals(defaultValue);
        if (Map.class.isAssignableFrom(type) && all != null) {
            boolean multi = MultiValueMap.class.isAssignableFrom(type);
            return ctx -> {
                Map<String, List<String>> found = all.apply(ctx);
                if (multi) {
                    MultiValueMap<String, String> map = caseInsensitive
                            ? CollectionUtils.toMultiValueMap(new LinkedCaseInsensitiveMap<>())
                            : new LinkedMultiValueMap<>();
                    found.forEach((k, v) -> map.addAll(k, v));
                    return map;
                }
                Map<String, String> first = caseInsensitive ? new LinkedCaseInsensitiveMap<>()
                        : new LinkedHashMap<>();
                found.forEach((k, v) -> first.put(k, v.isEmpty() ? "" : v.get(0)));
                return first;
            };
        }
        boolean optional = type == Optional.class;
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            Class<?> element = type.isArray() ? type.getComponentType() : rawArgument(parameter);
            Function<String, Object> converter = converter(parameter, element);
            boolean set = Set.class.isAssignableFrom(type);
            return ctx -> {
                List<String> raw = splitSingle(values.apply(ctx));
                if (raw.isEmpty() && hasDefault) {
                    raw = splitSingle(List.of(defaultValue));
                }
                if (raw.isEmpty() && required) {
                    throw SpringErrors.get().missing(source, name, parameter);
                }
                Collection<Object> converted = set ? new LinkedHashSet<>() : new ArrayList<>();
                for (String value : raw) {
                    converted.add(convert(converter, value, name, element, parameter));
                }
                if (type.isArray()) {
                    Object array = Array.newInstance(element, converted.size());
                    int i = 0;
                    for (Object value : converted) {
                        Array.set(array, i++, value);
                    }
                    return array;
                }
                return converted;
            };
        }
        Class<?> target = optional ? rawArgument(parameter) : type;
        Function<String, Object> converter = converter(parameter, target);
        boolean mandatory = required && !optional && !hasDefault;
        return ctx -> {
            List<String> raw = values.apply(ctx);
            String value = raw.isEmpty() ? (hasDefault ? defaultValue : null) : raw.get(0);
            if (value == null) {
                if (mandatory) {
                    throw SpringErrors.get().missing(source, name, parameter);
                }
                if (optional) {
                    return Optional.empty();
                }
                if (target.isPrimitive()) {
                    throw new HttpStatusException(400, source.label + " '" + name + "' is missing and " + target
                            + " cannot be null");
                }
                return null;
            }
            Object converted = convert(converter, value, name, target, parameter);
            return optional ? Optional.of(converted) : converted;
        };
    }

    /** The converter for {@code type}: the one {@code @DateTimeFormat} asks for, else Brisk's. */
    private static Function<String, Object> converter(MethodParameter parameter, Class<?> type) {
        if (SpringClasses.CONTEXT) {
            Function<String, Object> formatted = DateFormats.converterOrNull(type, parameter.getParameter());
            if (formatted != null) {
                return formatted;
            }
        }
        if (type == Locale.class) {
            return StringUtils::parseLocale;
        }
        return Converters.forType(type);
    }

    /** Converts {@code value}, raising Spring's {@link MethodArgumentTypeMismatchException} when it cannot. */
    private static Object convert(Function<String, Object> converter, String value, String name, Class<?> type,
                                  MethodParameter parameter) {
        try {
            return converter.apply(value);
        } catch (RuntimeException e) {
            throw new MethodArgumentTypeMismatchException(value, type, name, parameter, e);
        }
    }

    private static Map<String, List<String>> allHeaders(RequestContext ctx) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        ctx.request().headers().forEach((name, value) -> headers.computeIfAbsent(name.toString(),
                k -> new ArrayList<>()).add(value.toString()));
        return headers;
    }

    private static List<String> splitSingle(List<String> values) {
        if (values.size() == 1 && values.get(0).indexOf(',') >= 0) {
            List<String> split = new ArrayList<>();
            for (String part : values.get(0).split(",")) {
                if (!part.isBlank()) {
                    split.add(part.trim());
                }
            }
            return split;
        }
        return values;
    }

    private static Class<?> rawArgument(MethodParameter parameter) {
        Type generic = parameter.getGenericParameterType();
        if (generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element;
        }
        return String.class;
    }
}
