package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.method.HandlerTypePredicate;

/** A {@code @ControllerAdvice} bean: its exception handlers, for the controllers its selectors name. */
public final class Advice {

    private final HandlerTypePredicate selector;
    private final SpringExceptions handlers;

    private Advice(HandlerTypePredicate selector, SpringExceptions handlers) {
        this.selector = selector;
        this.handlers = handlers;
    }

    public static Advice of(Object bean) {
        Class<?> type = ClassUtils.getUserClass(bean);
        ControllerAdvice annotation = AnnotatedElementUtils.findMergedAnnotation(type, ControllerAdvice.class);
        HandlerTypePredicate selector = HandlerTypePredicate.builder()
                .basePackage(annotation.basePackages())
                .basePackageClass(annotation.basePackageClasses())
                .assignableType(annotation.assignableTypes())
                .annotation(annotation.annotations())
                .build();
        return new Advice(selector, SpringExceptions.of(bean, type));
    }

    boolean appliesTo(Class<?> controllerType) {
        return selector.test(controllerType);
    }

    boolean handle(RequestContext ctx, Throwable error) throws Exception {
        return handlers.handle(ctx, error);
    }
}
