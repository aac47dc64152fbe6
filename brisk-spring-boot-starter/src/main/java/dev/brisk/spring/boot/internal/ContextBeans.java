package dev.brisk.spring.boot.internal;

import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.EmbeddedValueResolver;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.ControllerAdvice;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The beans of one application context that make up its Brisk server. Only the context's own beans count, not its
 * parent's: a management context serves the actuator, not the application's controllers.
 */
final class ContextBeans {

    private static final String JAXRS_SUPPORT = "dev.brisk.rest.jaxrs.JaxRsControllerSupport";
    private static final String WEBSOCKET_SUPPORT = "dev.brisk.rest.websocket.ServerEndpointSupport";
    private static final String WEB_MVC_CONFIGURER =
            "org.springframework.web.servlet.config.annotation.WebMvcConfigurer";

    /**
     * Boot's error controller (spring-boot-webmvc, which springdoc and others bring): it renders the servlet
     * container's error dispatches, which Brisk does not make; Brisk answers errors as problems itself.
     */
    private static final String ERROR_CONTROLLER = "org.springframework.boot.webmvc.error.ErrorController";

    private final ApplicationContext context;

    ContextBeans(ApplicationContext context) {
        this.context = context;
    }

    /** The context's beans of {@code type}, in {@code @Order}/{@code Ordered} order (also of @Bean methods). */
    <T> List<T> ordered(Class<T> type) {
        Set<Object> own = Collections.newSetFromMap(new IdentityHashMap<>());
        own.addAll(context.getBeansOfType(type).values());
        if (own.isEmpty()) {
            return List.of();
        }
        return context.getBeanProvider(type).orderedStream().filter(own::contains).toList();
    }

    /**
     * Spring MVC controllers and advice (but Boot's error controller), {@code WebMvcConfigurer}s (for their global
     * CORS mappings, interceptors and resource handlers) and the context itself when spring-webmvc is present and,
     * when brisk-rest-jaxrs is present, JAX-RS resources and providers, and when
     * brisk-rest-websocket is, Jakarta WebSocket {@code @ServerEndpoint}s: the bean instances themselves (with their
     * proxies, so aspects apply), each once.
     */
    List<Object> controllers() {
        Map<String, Object> found = new LinkedHashMap<>();
        found.putAll(context.getBeansWithAnnotation(Controller.class));
        found.putAll(context.getBeansWithAnnotation(ControllerAdvice.class));
        ClassLoader loader = context.getClassLoader();
        if (ClassUtils.isPresent(WEB_MVC_CONFIGURER, loader)) {
            found.putAll(context.getBeansOfType(ClassUtils.resolveClassName(WEB_MVC_CONFIGURER, loader)));
        }
        if (ClassUtils.isPresent(JAXRS_SUPPORT, loader)) {
            found.putAll(context.getBeansWithAnnotation(annotation("jakarta.ws.rs.Path", loader)));
            found.putAll(context.getBeansWithAnnotation(annotation("jakarta.ws.rs.ext.Provider", loader)));
        }
        if (ClassUtils.isPresent(WEBSOCKET_SUPPORT, loader)) {
            found.putAll(context.getBeansWithAnnotation(annotation("jakarta.websocket.server.ServerEndpoint", loader)));
        }
        Class<?> errorController = ClassUtils.isPresent(ERROR_CONTROLLER, loader)
                ? ClassUtils.resolveClassName(ERROR_CONTROLLER, loader) : null;
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Object> controllers = new ArrayList<>();
        if (context instanceof ConfigurableApplicationContext configurable) {
            // ${...} and #{...} in mapping paths, resolved as Spring MVC resolves them
            controllers.add(new EmbeddedValueResolver(configurable.getBeanFactory()));
        }
        if (ClassUtils.isPresent(WEB_MVC_CONFIGURER, loader)) {
            controllers.add(context); // where the configurers' resource handlers resolve their locations
        }
        for (Object bean : found.values()) {
            if (errorController != null && errorController.isInstance(bean)) {
                continue;
            }
            if (seen.add(bean)) {
                controllers.add(bean);
            }
        }
        return controllers;
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Annotation> annotation(String name, ClassLoader loader) {
        try {
            return (Class<? extends Annotation>) ClassUtils.forName(name, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a Brisk controller style is present but " + name + " is not: add "
                    + "the API it is written against (jakarta.ws.rs-api, jakarta.websocket-api)", e);
        }
    }

    /** Brisk interceptors and interceptor registrations, in order. */
    List<Object> interceptors() {
        List<Object> all = new ArrayList<>(ordered(HandlerInterceptor.class));
        all.addAll(ordered(InterceptorRegistration.class));
        return all;
    }

    /**
     * The {@link ExceptionHandler} beans by the exception type they handle, read from the bean's declared type (a
     * {@code @Bean} method returning {@code ExceptionHandler<MyException>}, or a class implementing it).
     */
    @SuppressWarnings("rawtypes") // getBeansOfType takes the class literal, whose type is raw
    Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers() {
        Map<Class<? extends Throwable>, ExceptionHandler<?>> handlers = new LinkedHashMap<>();
        Map<String, ExceptionHandler> beans = context.getBeansOfType(ExceptionHandler.class);
        for (Map.Entry<String, ExceptionHandler> bean : beans.entrySet()) {
            Class<? extends Throwable> type = handledType(bean.getKey(), bean.getValue());
            ExceptionHandler<?> previous = handlers.putIfAbsent(type, bean.getValue());
            if (previous != null) {
                throw new IllegalStateException("two Brisk exception handler beans handle " + type.getName()
                        + ": keep one (bean '" + bean.getKey() + "')");
            }
        }
        return handlers;
    }

    @SuppressWarnings("unchecked")
    private Class<? extends Throwable> handledType(String name, Object bean) {
        Class<?> type = null;
        if (context instanceof ConfigurableApplicationContext configurable) {
            ConfigurableListableBeanFactory factory = configurable.getBeanFactory();
            if (factory.containsBeanDefinition(name)) {
                BeanDefinition definition = factory.getMergedBeanDefinition(name);
                if (definition instanceof RootBeanDefinition root) {
                    type = root.getResolvableType().as(ExceptionHandler.class).resolveGeneric(0);
                }
            }
        }
        if (type == null) {
            type = ResolvableType.forClass(ClassUtils.getUserClass(bean)).as(ExceptionHandler.class)
                    .resolveGeneric(0);
        }
        if (type == null || !Throwable.class.isAssignableFrom(type)) {
            throw new IllegalStateException("exception handler bean '" + name + "' does not say which exception it "
                    + "handles: declare its @Bean method as returning ExceptionHandler<YourException>, or implement "
                    + "ExceptionHandler<YourException> in a class");
        }
        return (Class<? extends Throwable>) type;
    }
}
