package dev.brisk.rest.spring;

import dev.brisk.rest.Route;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.spring.internal.Advice;
import dev.brisk.rest.spring.internal.SpringRoutes;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs Spring MVC controllers ({@code @RestController}, or {@code @Controller} with {@code @ResponseBody}) and their
 * {@code @ControllerAdvice}/{@code @RestControllerAdvice} exception handlers on Brisk: found through {@link java.util.ServiceLoader} when this module is on the class path, so
 * {@code Brisk.server().controllers(new MyController())} is all it takes.
 */
public final class SpringControllerSupport implements ControllerSupport {

    private final List<Advice> advices = new ArrayList<>();

    @Override
    public boolean supports(Class<?> type) {
        // @Controller lives in spring-context, which a spring-web application may not have
        return AnnotatedElementUtils.hasAnnotation(type, RestController.class)
                || AnnotatedElementUtils.isAnnotated(type, "org.springframework.stereotype.Controller")
                || AnnotatedElementUtils.hasAnnotation(type, ControllerAdvice.class);
    }

    @Override
    public void prepare(List<Object> controllers) {
        for (Object controller : controllers) {
            if (AnnotatedElementUtils.hasAnnotation(ClassUtils.getUserClass(controller), ControllerAdvice.class)) {
                advices.add(Advice.of(controller));
            }
        }
    }

    @Override
    public List<Route> routes(Object controller) {
        if (AnnotatedElementUtils.hasAnnotation(ClassUtils.getUserClass(controller), ControllerAdvice.class)) {
            return List.of();
        }
        return SpringRoutes.of(controller, advices);
    }
}
