package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Handler;
import dev.brisk.rest.MethodHandler;
import dev.brisk.rest.Route;
import dev.brisk.rest.RunOn;
import io.netty.handler.codec.http.HttpMethod;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.bind.annotation.ResponseStatus;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Reads a Spring MVC controller's mappings, once, into Brisk routes. */
public final class SpringRoutes {

    private static final RequestMethod[] ALL_METHODS = {RequestMethod.GET, RequestMethod.POST, RequestMethod.PUT,
            RequestMethod.DELETE, RequestMethod.PATCH};

    private SpringRoutes() {
    }

    /** The routes of {@code controller}; exceptions its own handlers leave go to the advices that apply to it. */
    public static List<Route> of(Object controller, List<Advice> advices) {
        Class<?> type = ClassUtils.getUserClass(controller);
        List<Advice> applicable = advices.stream().filter(a -> a.appliesTo(type)).toList();
        RequestMapping classMapping = AnnotatedElementUtils.findMergedAnnotation(type, RequestMapping.class);
        boolean classBody = AnnotatedElementUtils.hasAnnotation(type, ResponseBody.class);
        SpringExceptions exceptions = SpringExceptions.of(controller, type);
        Map<Method, RequestMapping> mappings = MethodIntrospector.selectMethods(type,
                (MethodIntrospector.MetadataLookup<RequestMapping>) method ->
                        AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class));
        List<Route> routes = new ArrayList<>();
        for (Map.Entry<Method, RequestMapping> entry : mappings.entrySet()) {
            Method method = ClassUtils.getMostSpecificMethod(entry.getKey(), type);
            RequestMapping mapping = entry.getValue();
            if (!classBody && !AnnotatedElementUtils.hasAnnotation(method, ResponseBody.class)) {
                throw new IllegalArgumentException(method + " returns a view name: views are not supported, "
                        + "annotate the controller with @RestController or the method with @ResponseBody");
            }
            List<String> paths = paths(classMapping, mapping);
            List<ArgumentResolver> plan = ParameterPlans.forMethod(method, paths);
            Handler handler = handler(controller, method, plan, exceptions, applicable);
            RunOn runOn = method.isAnnotationPresent(RunOn.class) ? method.getAnnotation(RunOn.class)
                    : type.getAnnotation(RunOn.class);
            String scheduler = runOn == null ? "" : runOn.value();
            for (String path : paths) {
                for (RequestMethod requestMethod : methods(classMapping, mapping)) {
                    routes.add(Route.of(HttpMethod.valueOf(requestMethod.name()), path)
                            .params(concat(classMapping == null ? null : classMapping.params(), mapping.params()))
                            .headers(concat(classMapping == null ? null : classMapping.headers(), mapping.headers()))
                            .consumes(mapping.consumes().length > 0 || classMapping == null ? mapping.consumes()
                                    : classMapping.consumes())
                            .produces(mapping.produces().length > 0 || classMapping == null ? mapping.produces()
                                    : classMapping.produces())
                            .scheduler(scheduler)
                            .handlerMethod(method)
                            .handler(handler));
                }
            }
        }
        return routes;
    }

    private static Handler handler(Object controller, Method method, List<ArgumentResolver> plan,
                                   SpringExceptions exceptions, List<Advice> advices) {
        MethodHandler invoke = MethodHandler.of(controller, method, plan, SpringResults::adapt,
                validationGroups(method));
        ResponseStatus status = AnnotatedElementUtils.findMergedAnnotation(method, ResponseStatus.class);
        int code = status == null ? 0 : status.code().value();
        return ctx -> {
            try {
                if (code != 0) {
                    ctx.status(code);
                }
                invoke.handle(ctx);
            } catch (Exception e) {
                if (!exceptions.handle(ctx, e) && !handledByAdvice(advices, ctx, e)) {
                    Throwable translated = SpringExceptions.translate(e);
                    if (translated instanceof Exception exception) {
                        throw exception;
                    }
                    throw e;
                }
            }
        };
    }

    /** The groups of Spring's {@code @Validated} on the method or its class (read by name: it is in spring-context). */
    private static Class<?>[] validationGroups(Method method) {
        for (java.lang.reflect.AnnotatedElement element : new java.lang.reflect.AnnotatedElement[] {method,
                method.getDeclaringClass()}) {
            org.springframework.core.annotation.AnnotationAttributes validated = AnnotatedElementUtils
                    .getMergedAnnotationAttributes(element, "org.springframework.validation.annotation.Validated");
            if (validated != null) {
                return validated.getClassArray("value");
            }
        }
        return new Class<?>[0];
    }

    private static boolean handledByAdvice(List<Advice> advices, dev.brisk.rest.RequestContext ctx, Exception e)
            throws Exception {
        for (Advice advice : advices) {
            if (advice.handle(ctx, e)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> paths(RequestMapping classMapping, RequestMapping mapping) {
        List<String> prefixes = classMapping == null || classMapping.path().length == 0 ? List.of("")
                : Arrays.asList(classMapping.path());
        List<String> suffixes = mapping.path().length == 0 ? List.of("") : Arrays.asList(mapping.path());
        List<String> paths = new ArrayList<>();
        for (String prefix : prefixes) {
            for (String suffix : suffixes) {
                String path = join(prefix, suffix);
                paths.add(path.isEmpty() ? "/" : path);
            }
        }
        return paths;
    }

    private static String join(String prefix, String suffix) {
        String a = normalize(prefix);
        String b = normalize(suffix);
        return a + b;
    }

    /** A path fragment with a leading slash and no trailing one ("" stays ""). */
    private static String normalize(String fragment) {
        if (fragment.isEmpty() || fragment.equals("/")) {
            return "";
        }
        String withSlash = fragment.startsWith("/") ? fragment : "/" + fragment;
        return withSlash.endsWith("/") ? withSlash.substring(0, withSlash.length() - 1) : withSlash;
    }

    private static RequestMethod[] methods(RequestMapping classMapping, RequestMapping mapping) {
        if (mapping.method().length > 0) {
            return mapping.method();
        }
        if (classMapping != null && classMapping.method().length > 0) {
            return classMapping.method();
        }
        return ALL_METHODS;
    }

    private static String[] concat(String[] first, String[] second) {
        if (first == null || first.length == 0) {
            return second;
        }
        String[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
