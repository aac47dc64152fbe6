package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.support.BeanValidation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.ValidationException;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Bean Validation as Jakarta REST applications see it: broken constraints raise
 * {@code jakarta.validation.ConstraintViolationException}, which the application's mappers may answer; without one,
 * violations of parameters answer 400 with a problem listing each field, and violations of a result 500 (the
 * server's fault), as the specification says. Loaded only when Bean Validation is on the class path.
 */
final class ValidationFailures {

    /**
     * The type the default answer maps, as Jersey's own mapper does: it is chosen over an application's mapper of a
     * superclass ({@code RuntimeException}, {@code Exception}, {@code Throwable}).
     */
    static final Class<?> MAPPED_TYPE = ValidationException.class;

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private ValidationFailures() {
    }

    static void checkParameters(BeanValidation validation, Object target, Object[] args) {
        Set<ConstraintViolation<Object>> violations = validation.parameterViolations(target, args);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
    }

    static void checkReturnValue(BeanValidation validation, Object target, Object result) {
        Set<ConstraintViolation<Object>> violations = validation.returnValueViolations(target, result);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
    }

    /** The answer to a {@code ConstraintViolationException} no mapper took, or null for other failures. */
    static Response defaultResponse(Exchange exchange, Throwable cause) {
        if (!(cause instanceof ConstraintViolationException exception)) {
            return null;
        }
        Set<ConstraintViolation<?>> violations = exception.getConstraintViolations();
        List<ConstraintViolationsException.Violation> errors = new ArrayList<>();
        boolean result = false;
        if (violations != null) {
            for (ConstraintViolation<?> violation : violations) {
                result |= onReturnValue(violation.getPropertyPath());
                errors.add(new ConstraintViolationsException.Violation(violation.getPropertyPath().toString(),
                        violation.getMessage()));
            }
        }
        if (result) {
            LOG.log(System.Logger.Level.WARNING, "a result breaks its constraints on "
                    + exchange.serverRequest().method() + " " + exchange.serverRequest().uri() + ": "
                    + exception.getMessage());
            return Failures.problem(exchange, 500, null, List.of());
        }
        errors.sort(Comparator.comparing(ConstraintViolationsException.Violation::field));
        String detail = errors.isEmpty() ? exception.getMessage()
                : new ConstraintViolationsException(errors).getMessage();
        return Failures.problem(exchange, 400, detail, errors);
    }

    private static boolean onReturnValue(Path path) {
        for (Path.Node node : path) {
            if (node.getKind() == ElementKind.RETURN_VALUE) {
                return true;
            }
        }
        return false;
    }
}
