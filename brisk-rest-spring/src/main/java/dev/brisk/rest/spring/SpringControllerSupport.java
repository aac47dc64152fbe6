package dev.brisk.rest.spring;

import dev.brisk.rest.ControllerSupport;
import dev.brisk.rest.Route;
import dev.brisk.rest.spring.internal.SpringRoutes;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * Runs Spring MVC controllers ({@code @RestController}, or {@code @Controller} with {@code @ResponseBody}) on
 * Brisk: found through {@link java.util.ServiceLoader} when this module is on the class path, so
 * {@code Brisk.server().controllers(new MyController())} is all it takes.
 */
public final class SpringControllerSupport implements ControllerSupport {

    @Override
    public boolean supports(Class<?> type) {
        // @Controller lives in spring-context, which a spring-web application may not have
        return AnnotatedElementUtils.hasAnnotation(type, RestController.class)
                || AnnotatedElementUtils.isAnnotated(type, "org.springframework.stereotype.Controller");
    }

    @Override
    public List<Route> routes(Object controller) {
        return SpringRoutes.of(controller);
    }
}
