package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.HandlerInterceptor;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.handler.MappedInterceptor;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The interceptors a {@code WebMvcConfigurer} adds in {@code addInterceptors} (with their path patterns and order), as
 * Brisk interceptors that call them with the servlet views of the request. Only loaded when spring-webmvc, the servlet
 * API and Brisk's servlet facade are present.
 */
public final class MvcInterceptors {

    private MvcInterceptors() {
    }

    /**
     * The interceptors {@code configurer} adds, in their order.
     *
     * @param handlers         the handler methods of the controllers' routes, handed to the interceptors as Spring MVC
     *                         does
     * @param resourceHandlers the handlers of the resource handlers' routes by route path
     */
    public static List<HandlerInterceptor> of(Object configurer, Map<Method, HandlerMethod> handlers,
                                              Map<String, Handler> resourceHandlers) {
        Registry registry = new Registry();
        ((WebMvcConfigurer) configurer).addInterceptors(registry);
        List<HandlerInterceptor> interceptors = new ArrayList<>();
        for (Object interceptor : registry.getInterceptors()) {
            if (interceptor instanceof MappedInterceptor mapped) {
                interceptors.add(new MvcInterceptor(mapped.getInterceptor(), mapped, handlers, resourceHandlers));
            } else {
                interceptors.add(new MvcInterceptor(
                        (org.springframework.web.servlet.HandlerInterceptor) interceptor, null, handlers, resourceHandlers));
            }
        }
        return interceptors;
    }

    /** Reads what {@code addInterceptors} registered (ordered, as Spring MVC orders them). */
    private static final class Registry extends InterceptorRegistry {

        @Override
        protected List<Object> getInterceptors() {
            return super.getInterceptors();
        }
    }
}
