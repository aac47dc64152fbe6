package dev.brisk.rest.spring.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Converters;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.SynthesizingMethodParameter;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ValueConstants;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Builds, at startup, how each parameter of a Spring MVC handler method is filled from a request. */
final class ParameterPlans {

    private ParameterPlans() {
    }

    static List<ArgumentResolver> forMethod(Method method, List<String> paths) {
        List<ArgumentResolver> plan = new ArrayList<>();
        for (int i = 0; i < method.getParameterCount(); i++) {
            MethodParameter parameter = new SynthesizingMethodParameter(method, i);
            try {
                plan.add(resolver(parameter, paths));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cannot resolve parameter #" + i + " ("
                        + parameter.getParameterType().getSimpleName() + ") of " + method + ": " + e.getMessage(), e);
            }
        }
        return plan;
    }

    private static ArgumentResolver resolver(MethodParameter parameter, List<String> paths) {
        Class<?> type = parameter.getParameterType();
        if (type == RequestContext.class) {
            return ctx -> ctx;
        }
        if (type == ServerRequest.class) {
            return RequestContext::request;
        }
        if (type == ServerResponse.class) {
            return RequestContext::response;
        }
        PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
        if (path != null) {
            return pathVariable(parameter, name(parameter, path.name()), path.required(), paths);
        }
        RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
        if (param != null) {
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, param.name());
            return named(parameter, "query parameter", name, param.required(), param.defaultValue(),
                    ctx -> RequestValues.all(ctx, name), RequestValues::all);
        }
        RequestHeader header = parameter.getParameterAnnotation(RequestHeader.class);
        if (header != null) {
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, header.name());
            return named(parameter, "header", name, header.required(), header.defaultValue(),
                    ctx -> ctx.request().headers().all(name), ParameterPlans::allHeaders);
        }
        CookieValue cookie = parameter.getParameterAnnotation(CookieValue.class);
        if (cookie != null) {
            String name = name(parameter, cookie.name());
            return named(parameter, "cookie", name, cookie.required(), cookie.defaultValue(),
                    ctx -> ctx.request().cookie(name).map(List::of).orElse(List.of()), null);
        }
        MatrixVariable matrix = parameter.getParameterAnnotation(MatrixVariable.class);
        if (matrix != null) {
            String pathVar = ValueConstants.DEFAULT_NONE.equals(matrix.pathVar()) ? null : matrix.pathVar();
            Function<RequestContext, Map<String, List<String>>> all = pathVar == null
                    ? RequestContext::matrixParams : ctx -> ctx.matrixParams(pathVar);
            String name = Map.class.isAssignableFrom(type) ? "" : name(parameter, matrix.name());
            return named(parameter, "matrix variable", name, matrix.required(), matrix.defaultValue(),
                    ctx -> all.apply(ctx).getOrDefault(name, List.of()), all);
        }
        RequestBody body = parameter.getParameterAnnotation(RequestBody.class);
        if (body != null) {
            return requestBody(parameter, body.required());
        }
        if (Converters.supports(Optional.class == type ? optionalElement(parameter) : type)) {
            // Spring treats an unannotated simple parameter as an optional query parameter
            String name = name(parameter, "");
            return named(parameter, "query parameter", name, false, ValueConstants.DEFAULT_NONE,
                    ctx -> RequestValues.all(ctx, name), null);
        }
        if (parameter.hasParameterAnnotation(ModelAttribute.class) || isBindable(type)) {
            // Spring binds an unannotated object from the request's query and form fields
            return ObjectBinder.forType(type);
        }
        throw new IllegalArgumentException("no annotation says where it comes from (@PathVariable, @RequestParam, "
                + "@RequestHeader, @CookieValue, @RequestBody, @ModelAttribute) and its type is not a simple value");
    }

    /** A concrete class of the application's that can be built from request fields. */
    static boolean isBindable(Class<?> type) {
        if (type.isInterface() || type.isArray() || type.isPrimitive() || type.isEnum()
                || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
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
        return dev.brisk.rest.spi.ParameterNames.of(parameter.getMethod(), parameter.getParameterIndex())
                .orElse(null);
    }

    private static ArgumentResolver pathVariable(MethodParameter parameter, String name, boolean required,
                                                 List<String> paths) {
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
        Class<?> target = optional ? optionalElement(parameter) : type;
        Function<String, Object> converter = Converters.forType(target);
        String what = "path variable '" + name + "'";
        return ctx -> {
            Object value = Converters.convert(converter, ctx.pathParam(name), what, target);
            return optional ? Optional.of(value) : value;
        };
    }

    /** Query parameters, headers and cookies: single values, collections, arrays, Optional, maps. */
    private static ArgumentResolver named(MethodParameter parameter, String kind, String name, boolean required,
                                          String defaultValue, Function<RequestContext, List<String>> values,
                                          Function<RequestContext, Map<String, List<String>>> all) {
        Class<?> type = parameter.getParameterType();
        boolean hasDefault = !ValueConstants.DEFAULT_NONE.equals(defaultValue);
        if (Map.class.isAssignableFrom(type) && all != null) {
            boolean multi = MultiValueMap.class.isAssignableFrom(type);
            return ctx -> {
                Map<String, List<String>> source = all.apply(ctx);
                if (multi) {
                    return new LinkedMultiValueMap<>(source);
                }
                Map<String, String> first = new LinkedHashMap<>();
                source.forEach((k, v) -> first.put(k, v.isEmpty() ? "" : v.get(0)));
                return first;
            };
        }
        String what = kind + " '" + name + "'";
        boolean optional = type == Optional.class;
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            Class<?> element = type.isArray() ? type.getComponentType() : collectionElement(parameter);
            Function<String, Object> converter = Converters.forType(element);
            boolean set = Set.class.isAssignableFrom(type);
            return ctx -> {
                List<String> raw = splitSingle(values.apply(ctx));
                if (raw.isEmpty() && hasDefault) {
                    raw = splitSingle(List.of(defaultValue));
                }
                if (raw.isEmpty() && required) {
                    throw new HttpStatusException(400, "required " + what + " is missing");
                }
                Collection<Object> converted = set ? new LinkedHashSet<>() : new ArrayList<>();
                for (String value : raw) {
                    converted.add(Converters.convert(converter, value, what, element));
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
        Class<?> target = optional ? optionalElement(parameter) : type;
        Function<String, Object> converter = Converters.forType(target);
        boolean mandatory = required && !optional && !hasDefault;
        return ctx -> {
            List<String> raw = values.apply(ctx);
            String value = raw.isEmpty() ? (hasDefault ? defaultValue : null) : raw.get(0);
            if (value == null) {
                if (mandatory) {
                    throw new HttpStatusException(400, "required " + what + " is missing");
                }
                if (optional) {
                    return Optional.empty();
                }
                if (target.isPrimitive()) {
                    throw new HttpStatusException(400, what + " is missing and " + target + " cannot be null");
                }
                return null;
            }
            Object converted = Converters.convert(converter, value, what, target);
            return optional ? Optional.of(converted) : converted;
        };
    }

    private static ArgumentResolver requestBody(MethodParameter parameter, boolean required) {
        boolean optional = parameter.getParameterType() == Optional.class;
        Type type = optional ? ((ParameterizedType) parameter.getGenericParameterType()).getActualTypeArguments()[0]
                : parameter.getGenericParameterType();
        return ctx -> {
            if (ctx.request().body().readableBytes() == 0) {
                if (required && !optional) {
                    throw new HttpStatusException(400, "required request body is missing");
                }
                return optional ? Optional.empty() : null;
            }
            Object value = ctx.body(type);
            return optional ? Optional.ofNullable(value) : value;
        };
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

    private static Class<?> optionalElement(MethodParameter parameter) {
        return rawArgument(parameter);
    }

    private static Class<?> collectionElement(MethodParameter parameter) {
        return rawArgument(parameter);
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
