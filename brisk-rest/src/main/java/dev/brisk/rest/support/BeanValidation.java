package dev.brisk.rest.support;

import dev.brisk.rest.ConstraintViolationsException;
import jakarta.validation.Configuration;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.executable.ExecutableValidator;
import jakarta.validation.metadata.MethodDescriptor;

import jakarta.validation.Constraint;
import jakarta.validation.MessageInterpolator;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Jakarta Bean Validation of handler parameters (including {@code @Valid} bodies) and return values. Loaded only when
 * {@code jakarta.validation} is on the class path; a provider such as Hibernate Validator does the work.
 */
public final class BeanValidation {

    private static volatile ValidatorFactory factory;
    private static volatile IllegalStateException unavailable;

    private final ExecutableValidator validator;
    private final Method method;
    private final Class<?>[] groups;
    private final boolean parameters;
    private final boolean returnValue;

    private BeanValidation(ExecutableValidator validator, Method method, Class<?>[] groups, boolean parameters,
                           boolean returnValue) {
        this.validator = validator;
        this.method = method;
        this.groups = groups;
        this.parameters = parameters;
        this.returnValue = returnValue;
    }

    /**
     * The validation of {@code method}, or null when it has no constraints (or Bean Validation is absent and the
     * method declares none it could see).
     */
    public static BeanValidation forMethod(Method method, Class<?>... groups) {
        ValidatorFactory validators;
        try {
            validators = factory();
        } catch (IllegalStateException noProvider) {
            if (declaresConstraints(method)) {
                throw noProvider;
            }
            return null;
        }
        MethodDescriptor descriptor = validators.getValidator().getConstraintsForClass(method.getDeclaringClass())
                .getConstraintsForMethod(method.getName(), method.getParameterTypes());
        if (descriptor == null) {
            return null;
        }
        boolean parameters = descriptor.hasConstrainedParameters();
        boolean returnValue = descriptor.hasConstrainedReturnValue();
        if (!parameters && !returnValue) {
            return null;
        }
        return new BeanValidation(validators.getValidator().forExecutables(), method, groups, parameters,
                returnValue);
    }

    /** Throws {@link ConstraintViolationsException} (400) when the arguments break constraints. */
    public void validateParameters(Object target, Object[] args) {
        if (parameters) {
            check(validator.validateParameters(target, method, args, groups));
        }
    }

    /** Throws when the result breaks constraints: the server's fault, so it is not a 400. */
    public void validateReturnValue(Object target, Object result) {
        if (returnValue) {
            Set<ConstraintViolation<Object>> violations = validator.validateReturnValue(target, method, result,
                    groups);
            if (!violations.isEmpty()) {
                throw new IllegalStateException("the result of " + method + " breaks its constraints: "
                        + violations(violations));
            }
        }
    }

    /**
     * The constraints the arguments break, as Bean Validation reports them (empty when none), for controller styles
     * that raise {@code jakarta.validation.ConstraintViolationException} themselves.
     */
    public Set<ConstraintViolation<Object>> parameterViolations(Object target, Object[] args) {
        return parameters ? validator.validateParameters(target, method, args, groups) : Set.of();
    }

    /** The constraints the result breaks, as Bean Validation reports them (empty when none). */
    public Set<ConstraintViolation<Object>> returnValueViolations(Object target, Object result) {
        return returnValue ? validator.validateReturnValue(target, method, result, groups) : Set.of();
    }

    private static void check(Set<ConstraintViolation<Object>> violations) {
        if (!violations.isEmpty()) {
            throw new ConstraintViolationsException(violations(violations));
        }
    }

    private static List<ConstraintViolationsException.Violation> violations(Set<ConstraintViolation<Object>> set) {
        List<ConstraintViolationsException.Violation> list = new ArrayList<>();
        for (ConstraintViolation<Object> violation : set) {
            list.add(new ConstraintViolationsException.Violation(violation.getPropertyPath().toString(),
                    violation.getMessage()));
        }
        list.sort(Comparator.comparing(ConstraintViolationsException.Violation::field));
        return list;
    }

    /**
     * The validator factory every controller style shares: the default provider's, with its EL-free message
     * interpolator when Jakarta EL is absent (messages are interpolated either way).
     *
     * @throws IllegalStateException when no Bean Validation provider is on the class path
     */
    public static ValidatorFactory validatorFactory() {
        return factory();
    }

    private static ValidatorFactory factory() {
        ValidatorFactory current = factory;
        if (current == null) {
            synchronized (BeanValidation.class) {
                if (unavailable != null) {
                    throw unavailable;
                }
                if (factory == null) {
                    try {
                        factory = build();
                    } catch (IllegalStateException e) {
                        unavailable = e;
                        throw e;
                    }
                }
                current = factory;
            }
        }
        return current;
    }

    private static ValidatorFactory build() {
        Configuration<?> configuration;
        try {
            configuration = Validation.byDefaultProvider().configure();
        } catch (RuntimeException e) {
            throw new IllegalStateException("a handler declares constraints but no Bean Validation provider is on "
                    + "the class path: add org.hibernate.validator:hibernate-validator", e);
        }
        try {
            return configuration.buildValidatorFactory();
        } catch (RuntimeException elMissing) {
            // Hibernate Validator's default messages need Jakarta EL; without it, use its EL-free interpolator
            try {
                Object interpolator = Class.forName(
                        "org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator")
                        .getConstructor().newInstance();
                return configuration.messageInterpolator((MessageInterpolator) interpolator)
                        .buildValidatorFactory();
            } catch (ReflectiveOperationException | LinkageError e) {
                throw elMissing;
            }
        }
    }

    /** Whether the method or its parameters carry Bean Validation annotations ({@code @Valid}, constraints). */
    private static boolean declaresConstraints(Method method) {
        for (Annotation[] annotations : method.getParameterAnnotations()) {
            for (Annotation annotation : annotations) {
                if (isValidation(annotation)) {
                    return true;
                }
            }
        }
        for (Annotation annotation : method.getAnnotations()) {
            if (isValidation(annotation)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isValidation(Annotation annotation) {
        Class<? extends Annotation> type = annotation.annotationType();
        return type.getName().startsWith("jakarta.validation.")
                || type.isAnnotationPresent(Constraint.class);
    }
}
