package dev.brisk.rest.spring.internal;

import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.MethodHandler;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.server.ResponseStatusException;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A controller's {@code @ExceptionHandler} methods, and Spring's own ways of giving an exception a status. */
final class SpringExceptions {

    private final Map<Class<? extends Throwable>, Method> handlers;
    private final Object controller;

    private SpringExceptions(Object controller, Map<Class<? extends Throwable>, Method> handlers) {
        this.controller = controller;
        this.handlers = handlers;
    }

    @SuppressWarnings("unchecked")
    static SpringExceptions of(Object controller, Class<?> type) {
        Map<Class<? extends Throwable>, Method> handlers = new LinkedHashMap<>();
        for (Method method : type.getMethods()) {
            ExceptionHandler annotation = AnnotatedElementUtils.findMergedAnnotation(method, ExceptionHandler.class);
            if (annotation == null) {
                continue;
            }
            List<Class<? extends Throwable>> types = new ArrayList<>(List.of(annotation.value()));
            if (types.isEmpty()) {
                for (Class<?> parameter : method.getParameterTypes()) {
                    if (Throwable.class.isAssignableFrom(parameter)) {
                        types.add((Class<? extends Throwable>) parameter);
                    }
                }
            }
            if (types.isEmpty()) {
                throw new IllegalArgumentException("@ExceptionHandler " + method + " names no exception type");
            }
            for (Class<?> parameter : method.getParameterTypes()) {
                if (!Throwable.class.isAssignableFrom(parameter) && parameter != RequestContext.class) {
                    throw new IllegalArgumentException("@ExceptionHandler " + method + ": parameter type "
                            + parameter.getName() + " is not supported (use the exception and RequestContext)");
                }
            }
            for (Class<? extends Throwable> handled : types) {
                handlers.put(handled, method);
            }
        }
        return new SpringExceptions(controller, handlers);
    }

    /** Answers {@code error} with the closest {@code @ExceptionHandler}; false when none handles it. */
    boolean handle(RequestContext ctx, Throwable error) throws Exception {
        Method method = null;
        for (Class<?> c = error.getClass(); c != null && method == null; c = c.getSuperclass()) {
            method = handlers.get(c);
        }
        if (method == null) {
            return false;
        }
        List<dev.brisk.rest.ArgumentResolver> plan = new ArrayList<>();
        for (Class<?> parameter : method.getParameterTypes()) {
            plan.add(parameter == RequestContext.class ? c -> c : c -> error);
        }
        ResponseStatus status = AnnotatedElementUtils.findMergedAnnotation(method, ResponseStatus.class);
        if (status != null) {
            ctx.status(status.code().value());
        }
        MethodHandler.of(controller, method, plan, SpringResults::adapt).handle(ctx);
        return true;
    }

    /** Spring's statuses for exceptions: ResponseStatusException and {@code @ResponseStatus} exception classes. */
    static Throwable translate(Throwable error) {
        if (error instanceof ResponseStatusException status) {
            return new HttpStatusException(status.getStatusCode().value(), status.getReason() == null
                    ? error.getMessage() : status.getReason());
        }
        ResponseStatus annotation = AnnotatedElementUtils.findMergedAnnotation(error.getClass(), ResponseStatus.class);
        if (annotation != null && annotation.code().value() >= 400) {
            String reason = annotation.reason().isEmpty() ? error.getMessage() : annotation.reason();
            return new HttpStatusException(annotation.code().value(), reason);
        }
        return error;
    }
}
