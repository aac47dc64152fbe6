package dev.brisk.rest.spring.internal;

import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedMethod;

import java.lang.reflect.Method;

/**
 * The parameters of a handler or exception-handler method as Spring MVC sees them: each parameter's annotations merged
 * with those the same parameter carries on the interface methods and superclass methods it implements or overrides
 * (an application whose controllers implement generated interfaces puts {@code @RequestBody}, {@code @Valid},
 * {@code @PathVariable} there only), and generic types resolved against the controller class.
 */
final class HandlerParameters {

    private HandlerParameters() {
    }

    /** The parameters of {@code method} as invoked on an instance of {@code type}. */
    static MethodParameter[] of(Class<?> type, Method method) {
        MethodParameter[] declared = new AnnotatedMethod(method).getMethodParameters();
        MethodParameter[] parameters = new MethodParameter[declared.length];
        for (int i = 0; i < declared.length; i++) {
            parameters[i] = declared[i].withContainingClass(type);
        }
        return parameters;
    }
}
