package dev.brisk.rest.spring.internal;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.method.HandlerTypePredicate;

/** A {@code @ControllerAdvice} bean: its exception handlers, for the controllers its selectors name. */
public final class Advice {

    private final Object bean;
    private final HandlerTypePredicate selector;
    private final ExceptionHandlerMethods handlers;

    private Advice(Object bean, HandlerTypePredicate selector, ExceptionHandlerMethods handlers) {
        this.bean = bean;
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
        return new Advice(bean, selector, ExceptionHandlerMethods.of(bean, type));
    }

    /** The advice bean, for ordering by {@code @Order}/{@code Ordered}. */
    public Object bean() {
        return bean;
    }

    /** Whether it applies to {@code controllerType}; advice without selectors applies to every controller. */
    boolean appliesTo(Class<?> controllerType) {
        return selector.test(controllerType);
    }

    /** Whether it applies to requests no controller took (routing failures): only advice without selectors. */
    boolean isGlobal() {
        return selector.test(null);
    }

    ExceptionHandlerMethods handlers() {
        return handlers;
    }
}
