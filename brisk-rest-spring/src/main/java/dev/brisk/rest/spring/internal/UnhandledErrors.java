package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.support.HandledFailures;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import jakarta.validation.ConstraintViolationException;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.validation.BindException;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.multipart.MultipartException;

/**
 * What becomes of a failure no {@code @ExceptionHandler} answered: Brisk's RFC 9457 problem, with Spring's status and
 * details. An {@link ErrorResponse} ({@code ResponseStatusException}, {@code ErrorResponseException}, Spring's
 * request exceptions) is answered with its own problem, status and headers; validation failures list each field in
 * {@code errors}; conversion and body errors say what is wrong in the client's terms; {@code @ResponseStatus}
 * exception classes get their status. Anything else is the server's error (500, nothing disclosed) — unless the
 * handler runs within servlet filters, to which it then goes, as the DispatcherServlet throws it to them.
 */
final class UnhandledErrors {

    private UnhandledErrors() {
    }

    /**
     * The response for {@code error}: a result to send, or the exception Brisk answers itself (thrown).
     */
    static Object answer(RequestContext ctx, Throwable error) throws Exception {
        HandledFailures.record(ctx, error); // observers see Spring's exception, not the one Brisk answers with
        Throwable translated = translate(error);
        if (translated == error && !(error instanceof ErrorResponse) && !(error instanceof HttpStatusException)
                && SpringClasses.SERVLET_FACADE && ServletArguments.propagateToFilters(ctx, error)) {
            // as from the DispatcherServlet: what no resolver answers goes to the servlet filters
            return new SpringResults.UnderWay();
        }
        if (translated instanceof ErrorResponse response) {
            return ProblemDetails.entity(ctx, response);
        }
        if (translated instanceof Exception exception) {
            throw exception;
        }
        throw (Error) translated;
    }

    /** Brisk's exception (or a Spring {@link ErrorResponse}) for {@code error}. */
    static Throwable translate(Throwable error) {
        if (SpringClasses.CONTEXT && SpringClasses.VALIDATION) {
            Throwable validation = ValidationErrors.translate(error);
            if (validation != null) {
                return validation;
            }
        }
        if (error instanceof MethodArgumentTypeMismatchException mismatch) {
            return new HttpStatusException(400, source(mismatch.getParameter()) + " '" + mismatch.getName()
                    + "': cannot convert '" + mismatch.getValue() + "' to " + typeName(mismatch.getRequiredType()));
        }
        if (error instanceof HttpMessageNotReadableException unreadable) {
            return new HttpStatusException(400, unreadable.getMessage());
        }
        if (error instanceof ErrorResponse) {
            return error;
        }
        if (error.getClass() == MultipartException.class) {
            // a multipart parameter on a request of another type: the client's mistake (Spring answers 500)
            return new HttpStatusException(415, error.getMessage());
        }
        ResponseStatus annotation = AnnotatedElementUtils.findMergedAnnotation(error.getClass(), ResponseStatus.class);
        if (annotation != null && annotation.code().value() >= 400) {
            String reason = annotation.reason().isEmpty() ? error.getMessage() : annotation.reason();
            return new HttpStatusException(annotation.code().value(), reason);
        }
        return error;
    }

    private static String source(MethodParameter parameter) {
        if (parameter.hasParameterAnnotation(PathVariable.class)) {
            return "path variable";
        }
        if (parameter.hasParameterAnnotation(RequestHeader.class)) {
            return "header";
        }
        if (parameter.hasParameterAnnotation(CookieValue.class)) {
            return "cookie";
        }
        if (parameter.hasParameterAnnotation(MatrixVariable.class)) {
            return "matrix variable";
        }
        return "query parameter";
    }

    /** A type as a client reads it: {@code int}, {@code boolean}, {@code local date}, {@code uuid}. */
    static String typeName(Class<?> type) {
        if (type == null) {
            return "the expected type";
        }
        Class<?> primitive = MethodType.methodType(type).unwrap().returnType();
        if (primitive.isPrimitive()) {
            return primitive.getName();
        }
        return type.getSimpleName().replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /** Brisk's violations for Spring's validation exceptions (needs spring-context and Bean Validation). */
    private static final class ValidationErrors {

        static Throwable translate(Throwable error) {
            if (error instanceof BindException bind) {
                return violations(bind.getBindingResult());
            }
            if (error instanceof HandlerMethodValidationException method) {
                List<ConstraintViolationsException.Violation> list = new ArrayList<>();
                for (ParameterValidationResult result
                        : method.getParameterValidationResults()) {
                    String name = result.getMethodParameter().getParameterName();
                    if (result instanceof ParameterErrors errors) {
                        for (FieldError field : errors.getFieldErrors()) {
                            list.add(new ConstraintViolationsException.Violation(name + "." + field.getField(),
                                    field.getDefaultMessage()));
                        }
                        for (ObjectError global : errors.getGlobalErrors()) {
                            list.add(new ConstraintViolationsException.Violation(name, global.getDefaultMessage()));
                        }
                    } else {
                        for (MessageSourceResolvable resolvable
                                : result.getResolvableErrors()) {
                            list.add(new ConstraintViolationsException.Violation(name,
                                    resolvable.getDefaultMessage()));
                        }
                    }
                }
                for (MessageSourceResolvable cross
                        : method.getCrossParameterValidationResults()) {
                    list.add(new ConstraintViolationsException.Violation("", cross.getDefaultMessage()));
                }
                return sorted(list);
            }
            if (error instanceof ConstraintViolationException violations
                    && violations.getConstraintViolations() != null) {
                List<ConstraintViolationsException.Violation> list = new ArrayList<>();
                violations.getConstraintViolations().forEach(v -> list.add(new ConstraintViolationsException
                        .Violation(v.getPropertyPath().toString(), v.getMessage())));
                return sorted(list);
            }
            return null;
        }

        private static ConstraintViolationsException violations(BindingResult result) {
            List<ConstraintViolationsException.Violation> list = new ArrayList<>();
            for (FieldError field : result.getFieldErrors()) {
                list.add(new ConstraintViolationsException.Violation(field.getField(), field.getDefaultMessage()));
            }
            for (ObjectError global : result.getGlobalErrors()) {
                list.add(new ConstraintViolationsException.Violation(global.getObjectName(),
                        global.getDefaultMessage()));
            }
            return sorted(list);
        }

        private static ConstraintViolationsException sorted(List<ConstraintViolationsException.Violation> list) {
            list.sort(Comparator.comparing(ConstraintViolationsException.Violation::field));
            return new ConstraintViolationsException(list);
        }
    }
}
