package dev.brisk.rest.spring.internal;

import dev.brisk.rest.support.BeanValidation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import org.springframework.core.Conventions;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.validation.BeanPropertyBindingResult;
import org.springframework.validation.BindingResult;
import org.springframework.validation.Errors;
import org.springframework.validation.FieldError;
import org.springframework.validation.annotation.Validated;
import org.springframework.validation.annotation.ValidationAnnotationUtils;
import org.springframework.validation.beanvalidation.MethodValidationAdapter;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;
import org.springframework.validation.method.MethodValidationException;
import org.springframework.validation.method.MethodValidationResult;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;

import dev.brisk.rest.support.ParameterNames;
import jakarta.validation.Constraint;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Validation of a handler method's arguments and result as Spring MVC 7 does it:
 * <ul>
 * <li>a {@code @RequestBody} or model attribute marked {@code @Valid} or {@code @Validated} (groups from the latter) is
 * validated into a {@link BindingResult}: handed to the {@code Errors}/{@code BindingResult} parameter that follows it,
 * else raised as {@link MethodArgumentNotValidException};</li>
 * <li>constraints declared on the parameters themselves ({@code @Min} on a {@code @PathVariable}, ...) are Spring's
 * built-in method validation: {@link HandlerMethodValidationException} (a {@code @Valid} body of such a method is
 * validated there too); a constrained result that breaks its constraints is a {@link MethodValidationException};</li>
 * <li>a controller class annotated {@code @Validated} is validated as Spring's AOP method validation does:
 * {@link ConstraintViolationException}, for arguments and result.</li>
 * </ul>
 * Needs spring-context, and a Bean Validation provider for anything but empty binding results.
 */
final class SpringValidation {

    private final Object controller;
    private final Method method;
    private final MethodParameter[] parameters;
    /** Per parameter: the validation hints of a body or model attribute to validate (null: not validated). */
    private final Object[][] hints;
    /** Per parameter: whether it is a body or model attribute (bound, and validated when it has hints). */
    private final boolean[] bodies;
    private final boolean errorsParameters;
    private final boolean builtIn;
    private final boolean builtInResult;
    private final boolean aop;
    private final Class<?>[] groups;
    private final SpringValidatorAdapter beans;
    private final MethodValidationAdapter methods;
    private final Validator validator;

    @SuppressWarnings("removal") // determineValidationGroups: the groups of @Validated, found as Spring MVC finds them
    private SpringValidation(Object controller, Method method, MethodParameter[] parameters, Object[][] hints,
                             boolean[] bodies, boolean errorsParameters, boolean builtIn, boolean builtInResult,
                             boolean aop, Validator validator) {
        this.controller = controller;
        this.method = method;
        this.parameters = parameters;
        this.hints = hints;
        this.bodies = bodies;
        this.errorsParameters = errorsParameters;
        this.builtIn = builtIn;
        this.builtInResult = builtInResult;
        this.aop = aop;
        this.validator = validator;
        this.beans = validator == null ? null : new SpringValidatorAdapter(validator);
        if (validator != null) {
            this.methods = new MethodValidationAdapter(validator);
            this.methods.setParameterNameDiscoverer(new BriskParameterNames());
            this.groups = methods.determineValidationGroups(controller, method);
        } else {
            this.methods = null;
            this.groups = new Class<?>[0];
        }
    }

    /**
     * The validation of {@code method}, or null when it has nothing to validate.
     *
     * @param bodies per parameter, whether it is a request body or model attribute
     */
    static SpringValidation forMethod(Object controller, Class<?> type, Method method, MethodParameter[] parameters,
                                      boolean[] bodies) {
        boolean validatedClass = AnnotationUtils.findAnnotation(type, Validated.class) != null;
        Object[][] hints = new Object[parameters.length][];
        boolean anyHints = false;
        boolean errorsParameters = false;
        for (int i = 0; i < parameters.length; i++) {
            if (Errors.class.isAssignableFrom(parameters[i].getParameterType())) {
                errorsParameters = true;
            }
            if (!bodies[i]) {
                continue;
            }
            for (Annotation annotation : parameters[i].getParameterAnnotations()) {
                Object[] found = ValidationAnnotationUtils.determineValidationHints(annotation);
                if (found != null) {
                    hints[i] = found;
                    anyHints = true;
                    break;
                }
            }
        }
        boolean builtIn = SpringClasses.VALIDATION && !validatedClass && builtInArguments(parameters);
        boolean builtInResult = SpringClasses.VALIDATION && !validatedClass && builtInResult(method);
        boolean aop = SpringClasses.VALIDATION && validatedClass && declaresConstraints(method, parameters);
        boolean anyBound = false;
        for (boolean body : bodies) {
            anyBound |= body;
        }
        if (!anyHints && !anyBound && !errorsParameters && !builtIn && !builtInResult && !aop) {
            return null;
        }
        Validator validator = null;
        if (anyHints || builtIn || builtInResult || aop) {
            if (!SpringClasses.VALIDATION) {
                throw new IllegalArgumentException(method + " asks for validation (@Valid, @Validated or "
                        + "constraints) but Jakarta Bean Validation is not on the class path: add "
                        + "org.hibernate.validator:hibernate-validator");
            }
            validator = BeanValidation.validatorFactory().getValidator();
        }
        return new SpringValidation(controller, method, parameters, hints, bodies.clone(), errorsParameters, builtIn,
                builtInResult, aop, validator);
    }

    /** Validates {@code args} in place: binding results go into the {@code Errors} parameters. */
    void validateArguments(Object[] args) throws Exception {
        for (int i = 0; i < args.length; i++) {
            if (!bodies[i]) {
                continue;
            }
            boolean errorsNext = i + 1 < args.length
                    && Errors.class.isAssignableFrom(parameters[i + 1].getParameterType());
            List<ObjectBinder.Failure> failures = List.of();
            if (args[i] instanceof ObjectBinder.Bound bound) {
                args[i] = bound.target();
                failures = bound.failures();
            }
            if (args[i] == null || (hints[i] == null && !errorsNext && failures.isEmpty())) {
                continue;
            }
            String objectName = objectName(parameters[i]);
            BindingResult result = new BeanPropertyBindingResult(args[i], objectName);
            for (ObjectBinder.Failure failure : failures) {
                // as Spring's data binder records a value that does not convert
                result.addError(new FieldError(objectName, failure.field(), failure.value(), true,
                        result.resolveMessageCodes("typeMismatch", failure.field()), null, failure.message()));
            }
            if (hints[i] != null && !builtIn) {
                beans.validate(args[i], result, hints[i]);
            }
            if (errorsNext) {
                args[i + 1] = result;
            } else if (result.hasErrors()) {
                throw new MethodArgumentNotValidException(parameters[i], result);
            }
        }
        if (builtIn) {
            MethodValidationResult result = methods.validateArguments(controller, method, parameters, args, groups);
            if (result.hasErrors() && !intoBindingResults(result, args)) {
                throw new HandlerMethodValidationException(result);
            }
        } else if (aop) {
            ExecutableValidation.parameters(validator, controller, method, args, groups);
        }
    }

    /** Validates the result of a method whose result is constrained. */
    void validateResult(Object result) {
        if (builtInResult) {
            MethodValidationResult validation = methods.validateReturnValue(controller, method,
                    new MethodParameter(method, -1), result, groups);
            if (validation.hasErrors()) {
                throw new MethodValidationException(validation);
            }
        } else if (aop) {
            ExecutableValidation.result(validator, controller, method, result, groups);
        }
    }

    /** Moves the errors of validated beans into the binding results the method takes; true when none remain. */
    private boolean intoBindingResults(MethodValidationResult result, Object[] args) {
        if (!errorsParameters || result.getBeanResults().isEmpty()) {
            return false;
        }
        int moved = 0;
        for (ParameterErrors errors : result.getBeanResults()) {
            for (Object arg : args) {
                if (arg instanceof BindingResult bindingResult
                        && bindingResult.getObjectName().equals(errors.getObjectName())) {
                    bindingResult.addAllErrors(errors);
                    moved++;
                    break;
                }
            }
        }
        return moved == result.getParameterValidationResults().size()
                && result.getCrossParameterValidationResults().isEmpty();
    }

    static String objectName(MethodParameter parameter) {
        ModelAttribute model = parameter.getParameterAnnotation(
                ModelAttribute.class);
        if (model != null && !model.name().isEmpty()) {
            return model.name();
        }
        return Conventions.getVariableNameForParameter(parameter);
    }

    /** Spring's test for built-in method validation: constraints (or @Valid containers) on the parameters. */
    private static boolean builtInArguments(MethodParameter[] parameters) {
        for (MethodParameter parameter : parameters) {
            MergedAnnotations merged = MergedAnnotations.from(parameter.getParameterAnnotations());
            if (merged.stream().anyMatch(SpringValidation::isConstraint)) {
                return true;
            }
            Class<?> type = parameter.getParameterType();
            boolean container = List.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)
                    || type.isArray();
            if (container && merged.isPresent("jakarta.validation.Valid")) {
                return true;
            }
            if (containerElementsValidated(parameter)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containerElementsValidated(MethodParameter parameter) {
        AnnotatedType annotated = parameter.getParameter().getAnnotatedType();
        if (annotated instanceof AnnotatedParameterizedType parameterized) {
            for (AnnotatedType argument : parameterized.getAnnotatedActualTypeArguments()) {
                MergedAnnotations merged = MergedAnnotations.from(argument.getAnnotations());
                if (merged.stream().anyMatch(a -> isConstraint(a) || a.getType().getName()
                        .equals("jakarta.validation.Valid"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean builtInResult(Method method) {
        MergedAnnotations merged = MergedAnnotations.from(method, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY);
        return merged.stream().anyMatch(a -> isConstraint(a) || a.getType().getName().equals(
                "jakarta.validation.Valid"));
    }

    private static boolean declaresConstraints(Method method, MethodParameter[] parameters) {
        if (builtInResult(method) || builtInArguments(parameters)) {
            return true;
        }
        for (MethodParameter parameter : parameters) {
            if (MergedAnnotations.from(parameter.getParameterAnnotations()).isPresent("jakarta.validation.Valid")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isConstraint(MergedAnnotation<? extends Annotation> annotation) {
        return annotation.getType().getName().equals("jakarta.validation.Constraint")
                || annotation.getType().isAnnotationPresent(Constraint.class);
    }

    /** Parameter names as Brisk reads them: {@code -parameters}, else the class file's local variable table. */
    private static final class BriskParameterNames implements ParameterNameDiscoverer {
        @Override
        public String[] getParameterNames(Method method) {
            String[] names = new String[method.getParameterCount()];
            for (int i = 0; i < names.length; i++) {
                names[i] = ParameterNames.of(method, i).orElse("arg" + i);
            }
            return names;
        }

        @Override
        public String[] getParameterNames(Constructor<?> constructor) {
            return null;
        }
    }

    /**
     * Jakarta Bean Validation's own method validation, in a class of its own: this class must load without the
     * validation API (the verifier loads the exception types a method throws), for applications that do not validate.
     */
    private static final class ExecutableValidation {

        private ExecutableValidation() {
        }

        static void parameters(Validator validator, Object controller, Method method, Object[] args,
                               Class<?>[] groups) {
            Set<ConstraintViolation<Object>> violations = validator.forExecutables().validateParameters(controller,
                    method, args, groups);
            if (!violations.isEmpty()) {
                throw new ConstraintViolationException(violations);
            }
        }

        static void result(Validator validator, Object controller, Method method, Object result, Class<?>[] groups) {
            Set<ConstraintViolation<Object>> violations = validator.forExecutables().validateReturnValue(controller,
                    method, result, groups);
            if (!violations.isEmpty()) {
                throw new ConstraintViolationException(violations);
            }
        }
    }
}
