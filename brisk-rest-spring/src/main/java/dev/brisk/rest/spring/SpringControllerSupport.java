package dev.brisk.rest.spring;

import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.Route;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.spring.internal.Advice;
import dev.brisk.rest.spring.internal.GlobalCors;
import dev.brisk.rest.spring.internal.MvcInterceptors;
import dev.brisk.rest.spring.internal.RoutingErrors;
import dev.brisk.rest.spring.internal.SpringClasses;
import dev.brisk.rest.spring.internal.SpringRoutes;
import dev.brisk.rest.web.CorsConfig;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringValueResolver;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.HandlerMethod;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs Spring MVC controllers ({@code @RestController}, or {@code @Controller} with {@code @ResponseBody}) and their
 * {@code @ControllerAdvice}/{@code @RestControllerAdvice} exception handlers on Brisk: found through
 * {@link java.util.ServiceLoader} when this module is on the class path, so
 * {@code Brisk.server().controllers(new MyController())} is all it takes. Requests no controller takes (no route for
 * the path, the method, the Content-Type or the Accept header) raise Spring's exceptions for the advice that applies
 * to every controller. Global CORS rules are registered the same way: a {@code WebMvcConfigurer} whose
 * {@code addCorsMappings} declares them, or a {@code UrlBasedCorsConfigurationSource}.
 */
public final class SpringControllerSupport implements ControllerSupport {

    private final List<Advice> advices = new ArrayList<>();
    private final List<Map.Entry<String, CorsConfig>> corsMappings = new ArrayList<>();
    private final List<HandlerInterceptor> interceptors = new ArrayList<>();
    /** The controllers' handler methods, as Spring MVC interceptors receive them; filled as routes are read. */
    private final Map<Method, HandlerMethod> handlerMethods = new ConcurrentHashMap<>();

    /** Resolves placeholders in mapping paths, when one was registered with the controllers. */
    private StringValueResolver values;

    /**
     * Controllers, advice, global CORS and interceptor declarations ({@code WebMvcConfigurer}), and a
     * {@link StringValueResolver} for the {@code ${...}} placeholders of mapping paths (the Spring Boot starter
     * registers the application context's).
     */
    @Override
    public boolean supports(Class<?> type) {
        return isController(type) || AnnotatedElementUtils.hasAnnotation(type, ControllerAdvice.class)
                || GlobalCors.declares(type) || StringValueResolver.class.isAssignableFrom(type);
    }

    private static boolean isController(Class<?> type) {
        // @Controller lives in spring-context, which a spring-web application may not have
        return AnnotatedElementUtils.hasAnnotation(type, RestController.class)
                || AnnotatedElementUtils.isAnnotated(type, "org.springframework.stereotype.Controller");
    }

    @Override
    public void prepare(List<Object> controllers) {
        List<Object> beans = new ArrayList<>();
        for (Object controller : controllers) {
            if (controller instanceof StringValueResolver resolver && !isController(controller.getClass())) {
                values = resolver;
                continue;
            }
            if (AnnotatedElementUtils.hasAnnotation(ClassUtils.getUserClass(controller), ControllerAdvice.class)) {
                beans.add(controller);
            }
            if (GlobalCors.declares(controller.getClass())) {
                corsMappings.addAll(GlobalCors.of(controller));
            }
            if (SpringClasses.mvcInterceptors() && GlobalCors.declaresMvcConfiguration(controller.getClass())) {
                interceptors.addAll(MvcInterceptors.of(controller, handlerMethods));
            }
        }
        // as Spring does: advice ordered by @Order or Ordered, registration order otherwise
        AnnotationAwareOrderComparator.sort(beans);
        beans.forEach(bean -> advices.add(Advice.of(bean)));
    }

    @Override
    public List<Route> routes(Object controller) {
        Class<?> type = ClassUtils.getUserClass(controller);
        if (AnnotatedElementUtils.hasAnnotation(type, ControllerAdvice.class) || !isController(type)) {
            return List.of();
        }
        List<Route> routes = SpringRoutes.of(controller, advices, values);
        for (Route route : routes) {
            route.handlerMethod().ifPresent(method -> handlerMethods.putIfAbsent(method,
                    new HandlerMethod(controller, method)));
        }
        return routes;
    }

    /** The interceptors of the {@code WebMvcConfigurer}s ({@code addInterceptors}), with the servlet facade present. */
    @Override
    public List<HandlerInterceptor> interceptors() {
        return List.copyOf(interceptors);
    }

    /** The global CORS mappings of the {@code WebMvcConfigurer}s and {@code UrlBasedCorsConfigurationSource}s. */
    @Override
    public List<Map.Entry<String, CorsConfig>> corsMappings() {
        return List.copyOf(corsMappings);
    }

    @Override
    public List<Filter> filters() {
        Filter routing = RoutingErrors.filter(advices);
        return routing == null ? List.of() : List.of(routing);
    }
}
