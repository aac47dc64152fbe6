package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.Route;
import dev.brisk.rest.RouteResponse;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.support.ResultTypes;
import dev.brisk.rest.web.CorsConfig;
import io.netty.handler.codec.http.HttpMethod;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpEntity;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringValueResolver;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.WebAsyncTask;

import dev.brisk.rest.support.BeanValidation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;

/** Reads a Spring MVC controller's mappings, once, into Brisk routes. */
public final class SpringRoutes {

    /** Spring's results that wrap the body, and those that say nothing of it. */
    private static final ResultTypes RESULTS = ResultTypes.of(
            List.of(HttpEntity.class, DeferredResult.class, WebAsyncTask.class),
            SpringClasses.WEBMVC ? MvcResults.UNDESCRIBED_RESULTS : List.of(Resource.class));

    private static final RequestMethod[] ALL_METHODS = {RequestMethod.GET, RequestMethod.POST, RequestMethod.PUT,
            RequestMethod.DELETE, RequestMethod.PATCH};

    private SpringRoutes() {
    }

    /** The routes of {@code controller}; exceptions its own handlers leave go to the advices that apply to it. */
    public static List<Route> of(Object controller, List<Advice> advices) {
        return of(controller, advices, null);
    }

    /**
     * The routes of {@code controller}; {@code values} (when not null) resolves {@code ${...}} placeholders and
     * {@code #{...}} expressions in mapping paths, as Spring MVC resolves them with the application context's.
     */
    public static List<Route> of(Object controller, List<Advice> advices, StringValueResolver values) {
        Class<?> type = ClassUtils.getUserClass(controller);
        UnsupportedParameters.checkClass(type);
        List<Advice> applicable = advices.stream().filter(a -> a.appliesTo(type)).toList();
        ErrorResolution errors = ErrorResolution.of(ExceptionHandlerMethods.of(controller, type), applicable);
        RequestMapping classMapping = AnnotatedElementUtils.findMergedAnnotation(type, RequestMapping.class);
        boolean classBody = AnnotatedElementUtils.hasAnnotation(type, ResponseBody.class);
        Map<Method, RequestMapping> mappings = MethodIntrospector.selectMethods(type,
                (MethodIntrospector.MetadataLookup<RequestMapping>) method ->
                        AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class));
        List<Route> routes = new ArrayList<>();
        for (Map.Entry<Method, RequestMapping> entry : ordered(mappings, classMapping)) {
            Method method = ClassUtils.getMostSpecificMethod(entry.getKey(), type);
            RequestMapping mapping = entry.getValue();
            if (!classBody && !AnnotatedElementUtils.hasAnnotation(method, ResponseBody.class)
                    && !answersWithoutView(method)) {
                throw new IllegalArgumentException(method + " returns a view name: views are not supported, "
                        + "annotate the controller with @RestController or the method with @ResponseBody");
            }
            List<String> paths = paths(classMapping, mapping, values);
            ParameterPlans.Plan plan = ParameterPlans.forMethod(type, method, paths, values);
            int status = ResponseStatuses.of(type, method);
            Handler handler = handler(controller, type, method, plan, status, errors);
            RouteResponse response = RESULTS.response(method.getGenericReturnType(), status == 0 ? 200 : status,
                    status == 0 ? 200 : status);
            RunOn runOn = method.isAnnotationPresent(RunOn.class) ? method.getAnnotation(RunOn.class)
                    : type.getAnnotation(RunOn.class);
            String scheduler = runOn == null ? "" : runOn.value();
            RequestMethod[] methods = methods(classMapping, mapping);
            CorsConfig cors = CrossOrigins.forMethod(type, method, methods == ALL_METHODS ? new RequestMethod[0]
                    : methods);
            for (String path : paths) {
                for (RequestMethod requestMethod : methods) {
                    Route.Builder route = Route.of(HttpMethod.valueOf(requestMethod.name()), path)
                            .params(concat(classMapping == null ? null : classMapping.params(), mapping.params()))
                            .headers(concat(classMapping == null ? null : classMapping.headers(), mapping.headers()))
                            .consumes(consumes(classMapping, mapping))
                            .produces(produces(classMapping, mapping))
                            .scheduler(scheduler)
                            .handlerMethod(method)
                            .parameters(plan.published())
                            .response(response);
                    if (cors != null) {
                        route.cors(cors);
                    }
                    routes.add(route.handler(handler));
                }
            }
        }
        return routes;
    }

    /**
     * The mappings in the order Spring prefers them when several could answer a request: by their first
     * {@code produces} type, more specific first, then as Spring's {@code MimeType} orders types
     * ({@code application/json} before {@code application/xml} before {@code text/plain}); Brisk takes the first
     * of equally acceptable routes, so {@code Accept: *}{@code /*} picks what Spring picks.
     */
    private static List<Map.Entry<Method, RequestMapping>> ordered(Map<Method, RequestMapping> mappings,
                                                                   RequestMapping classMapping) {
        List<Map.Entry<Method, RequestMapping>> entries = new ArrayList<>(mappings.entrySet());
        entries.sort((a, b) -> {
            String[] first = produces(classMapping, a.getValue());
            String[] second = produces(classMapping, b.getValue());
            if (first.length == 0 || second.length == 0) {
                return Boolean.compare(first.length == 0, second.length == 0);
            }
            MediaType x = MediaType.parseMediaType(first[0]);
            MediaType y = MediaType.parseMediaType(second[0]);
            if (x.isMoreSpecific(y)) {
                return -1;
            }
            if (x.isLessSpecific(y)) {
                return 1;
            }
            return x.compareTo(y);
        });
        return entries;
    }

    private static String[] consumes(RequestMapping classMapping, RequestMapping mapping) {
        return mapping.consumes().length > 0 || classMapping == null ? mapping.consumes() : classMapping.consumes();
    }

    private static String[] produces(RequestMapping classMapping, RequestMapping mapping) {
        return mapping.produces().length > 0 || classMapping == null ? mapping.produces() : classMapping.produces();
    }

    private static Handler handler(Object controller, Class<?> type, Method method, ParameterPlans.Plan plan,
                                   int status, ErrorResolution errors) {
        SpringValidation validation = null;
        BeanValidation briskValidation = null;
        if (SpringClasses.CONTEXT) {
            validation = SpringValidation.forMethod(controller, type, method, plan.parameters(), plan.bodies());
        } else if (SpringClasses.VALIDATION) {
            briskValidation = BeanValidation.forMethod(method);
        }
        return new SpringHandler(controller, method, plan.resolvers(), validation, briskValidation, errors, status);
    }

    private static List<String> paths(RequestMapping classMapping, RequestMapping mapping, StringValueResolver values) {
        List<String> prefixes = classMapping == null || classMapping.path().length == 0 ? List.of("")
                : Arrays.asList(classMapping.path());
        List<String> suffixes = mapping.path().length == 0 ? List.of("") : Arrays.asList(mapping.path());
        List<String> paths = new ArrayList<>();
        for (String prefix : prefixes) {
            for (String suffix : suffixes) {
                String path = join(resolve(prefix, values), resolve(suffix, values));
                paths.add(path.isEmpty() ? "/" : path);
            }
        }
        return paths;
    }

    private static String resolve(String path, StringValueResolver values) {
        if (values == null || path.indexOf('$') < 0 && path.indexOf('#') < 0) {
            return path;
        }
        String resolved = values.resolveStringValue(path);
        return resolved == null ? path : resolved;
    }

    private static String join(String prefix, String suffix) {
        String a = normalize(prefix);
        String b = normalize(suffix);
        return a + b;
    }

    /**
     * Whether a {@code @Controller} method without {@code @ResponseBody} still answers with a body, as Spring MVC's
     * return value handlers decide: an {@code HttpEntity} ({@code ResponseEntity}), an emitter or
     * {@code StreamingResponseBody}, or nothing from a method that takes the servlet response. Anything else names a
     * view.
     */
    private static boolean answersWithoutView(Method method) {
        Class<?> type = method.getReturnType();
        if (HttpEntity.class.isAssignableFrom(type)) {
            return true;
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            String name = c.getName();
            if (name.equals("org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter")
                    || name.equals("org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody")) {
                return true;
            }
        }
        if (type.getName().equals("org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody")) {
            return true;
        }
        return type == void.class && Arrays.stream(method.getParameterTypes())
                .anyMatch(p -> p.getName().equals("jakarta.servlet.http.HttpServletResponse")
                        || p.getName().equals("jakarta.servlet.ServletResponse"));
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
