package dev.brisk.rest.spring;

import dev.brisk.rest.Filter;
import dev.brisk.rest.Handler;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.Route;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.spring.internal.Advice;
import dev.brisk.rest.spring.internal.GlobalCors;
import dev.brisk.rest.spring.internal.MvcInterceptors;
import dev.brisk.rest.spring.internal.MvcResources;
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
 * {@code addCorsMappings} declares them, or a {@code UrlBasedCorsConfigurationSource}. With the servlet facade, a
 * {@code WebMvcConfigurer}'s {@code addInterceptors} and {@code addResourceHandlers} are honoured too; the resource
 * handlers resolve their locations in the {@code ApplicationContext} registered with the controllers, if one is.
 */
public final class SpringControllerSupport implements ControllerSupport {

    private final List<Advice> advices = new ArrayList<>();
    private final List<Map.Entry<String, CorsConfig>> corsMappings = new ArrayList<>();
    private final List<HandlerInterceptor> interceptors = new ArrayList<>();
    /** The controllers' handler methods, as Spring MVC interceptors receive them; filled as routes are read. */
    private final Map<Method, HandlerMethod> handlerMethods = new ConcurrentHashMap<>();

    /** The {@code WebMvcConfigurer}s whose resource handlers are served, with the servlet facade present. */
    private final List<Object> mvcConfigurers = new ArrayList<>();
    /** The handlers of the resource handlers' routes by route path, handed to Spring MVC interceptors as Spring does. */
    private final Map<String, Handler> resourceHandlers = new ConcurrentHashMap<>();
    /** The controllers' routes so far, which the resource handlers' give way to. */
    private final List<Route> controllerRoutes = new ArrayList<>();

    /** Resolves placeholders in mapping paths, when one was registered with the controllers. */
    private StringValueResolver values;
    /** The application context registered with the controllers, or null. */
    private Object applicationContext;
    /** The object whose routes are asked for last: the resource handlers' routes come with its own. */
    private Object last;

    /**
     * Controllers, advice, global CORS, interceptor and resource handler declarations ({@code WebMvcConfigurer}), a
     * {@link StringValueResolver} for the {@code ${...}} placeholders of mapping paths (the Spring Boot starter
     * registers the application context's) and the {@code ApplicationContext} resource locations are resolved in (the
     * starter registers its own).
     */
    @Override
    public boolean supports(Class<?> type) {
        return isController(type) || AnnotatedElementUtils.hasAnnotation(type, ControllerAdvice.class)
                || GlobalCors.declares(type) || StringValueResolver.class.isAssignableFrom(type)
                || SpringClasses.isApplicationContext(type);
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
            if (SpringClasses.isApplicationContext(controller.getClass())) {
                applicationContext = controller;
                continue;
            }
            if (AnnotatedElementUtils.hasAnnotation(ClassUtils.getUserClass(controller), ControllerAdvice.class)) {
                beans.add(controller);
            }
            if (GlobalCors.declares(controller.getClass())) {
                corsMappings.addAll(GlobalCors.of(controller));
            }
            if (SpringClasses.mvcInterceptors() && GlobalCors.declaresMvcConfiguration(controller.getClass())) {
                interceptors.addAll(MvcInterceptors.of(controller, handlerMethods, resourceHandlers));
            }
            if (SpringClasses.mvcResourceHandlers() && GlobalCors.declaresMvcConfiguration(controller.getClass())) {
                mvcConfigurers.add(controller);
            }
        }
        last = controllers.isEmpty() ? null : controllers.get(controllers.size() - 1);
        // as Spring does: advice ordered by @Order or Ordered, registration order otherwise
        AnnotationAwareOrderComparator.sort(beans);
        beans.forEach(bean -> advices.add(Advice.of(bean)));
    }

    /**
     * The routes of a controller; with those of the object registered last, the routes of the
     * {@code WebMvcConfigurer}s' resource handlers, which so come after every controller's: a controller's route for
     * the same paths wins, as Spring MVC consults its resource handlers after the controllers.
     */
    @Override
    public List<Route> routes(Object controller) {
        List<Route> routes = routesOf(controller);
        if (mvcConfigurers.isEmpty()) {
            return routes;
        }
        controllerRoutes.addAll(routes);
        if (controller != last) {
            return routes;
        }
        List<Route> resources = MvcResources.of(mvcConfigurers, applicationContext, advices, controllerRoutes);
        resources.forEach(route -> resourceHandlers.put(route.path(), route.handler()));
        List<Route> all = new ArrayList<>(routes);
        all.addAll(resources);
        return all;
    }

    private List<Route> routesOf(Object controller) {
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
