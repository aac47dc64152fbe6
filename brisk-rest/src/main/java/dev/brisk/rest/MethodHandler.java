package dev.brisk.rest;

import dev.brisk.rest.support.Invoker;
import dev.brisk.rest.support.Invokers;

import dev.brisk.rest.support.BeanValidation;
import dev.brisk.rest.support.OptionalLibraries;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A {@link Handler} that calls a Java method: the method is bound at startup to a generated call site
 * ({@code LambdaMetafactory}), its parameters are filled by a fixed plan of {@link ArgumentResolver}s, and its
 * return value is sent like any result ({@link RequestContext#send(Object)}). This is how annotated controllers
 * become routes.
 */
public final class MethodHandler implements Handler {

    private final Object target;
    private final Invoker invoker;
    private final ArgumentResolver[] plan;
    private final boolean returnsVoid;
    private final String description;
    private final UnaryOperator<Object> results;
    /** Bean Validation of arguments and result, or null when the method declares no constraints. */
    private final BeanValidation validation;

    private MethodHandler(Object target, Method method, List<ArgumentResolver> plan,
                          UnaryOperator<Object> results, Class<?>[] groups) {
        this.results = results;
        this.validation = OptionalLibraries.BEAN_VALIDATION
                ? BeanValidation.forMethod(method, groups) : null;
        this.target = target;
        this.invoker = Invokers.create(method);
        this.plan = plan.toArray(new ArgumentResolver[0]);
        this.returnsVoid = method.getReturnType() == void.class;
        this.description = method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }

    /**
     * A handler calling {@code method} on {@code target} (null for a static method) with one resolver per parameter.
     *
     * @throws IllegalArgumentException when the plan does not fit the method
     */
    public static MethodHandler of(Object target, Method method, List<ArgumentResolver> plan) {
        return of(target, method, plan, UnaryOperator.identity());
    }

    /**
     * Like {@link #of(Object, Method, List)}, passing each return value through {@code results} first (e.g. to turn
     * a framework's own response type into a {@link ResponseEntity}).
     */
    public static MethodHandler of(Object target, Method method, List<ArgumentResolver> plan,
                                   UnaryOperator<Object> results) {
        return of(target, method, plan, results, new Class<?>[0]);
    }

    /**
     * Like {@link #of(Object, Method, List, UnaryOperator)}, validating arguments and result with
     * Jakarta Bean Validation in {@code groups} (the default group when none). Validation happens only for methods
     * that declare constraints or {@code @Valid}, when a provider is on the class path; a violation is a 400
     * problem listing the fields.
     */
    public static MethodHandler of(Object target, Method method, List<ArgumentResolver> plan,
                                   UnaryOperator<Object> results, Class<?>... groups) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(plan, "plan");
        if (plan.size() != method.getParameterCount()) {
            throw new IllegalArgumentException(method + " has " + method.getParameterCount() + " parameters but "
                    + plan.size() + " resolvers were given");
        }
        if (target == null && !Modifier.isStatic(method.getModifiers())) {
            throw new IllegalArgumentException(method + " is not static: a target instance is needed");
        }
        return new MethodHandler(target, method, plan, results, groups);
    }

    @Override
    public void handle(RequestContext ctx) throws Exception {
        Object[] args = plan.length == 0 ? Invoker.NO_ARGS : new Object[plan.length];
        for (int i = 0; i < plan.length; i++) {
            args[i] = plan[i].resolve(ctx);
        }
        if (validation != null) {
            validation.validateParameters(target, args);
        }
        Object result;
        try {
            result = invoker.invoke(target, args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (validation != null) {
            validation.validateReturnValue(target, result);
        }
        if (!returnsVoid) {
            ctx.send(results.apply(result));
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
