package dev.brisk.rest.spring.internal;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.ResponseStatus;

import java.lang.reflect.Method;

/**
 * The status a handler method's {@code @ResponseStatus} sets, as Spring MVC reads it: on the method (or the method it
 * implements or overrides), else on its class (or a type the class inherits from).
 */
final class ResponseStatuses {

    private ResponseStatuses() {
    }

    /** The status of {@code method} declared on {@code type}, 0 when neither carries {@code @ResponseStatus}. */
    static int of(Class<?> type, Method method) {
        ResponseStatus status = AnnotatedElementUtils.findMergedAnnotation(method, ResponseStatus.class);
        if (status == null) {
            status = AnnotatedElementUtils.findMergedAnnotation(type, ResponseStatus.class);
        }
        return status == null ? 0 : status.code().value();
    }
}
