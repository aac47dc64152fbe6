package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.Handler;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.ResponseEntity;
import dev.brisk.rest.support.BeanValidation;
import dev.brisk.rest.support.Invoker;
import dev.brisk.rest.support.Invokers;

import dev.brisk.rest.NotAcceptableException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * One Spring MVC handler method as a Brisk handler: fills the arguments by its plan, validates them as Spring does,
 * calls the method through a generated call site, adapts the result ({@link SpringResults}) and answers failures —
 * thrown, or of a returned {@code CompletionStage} — through the controller's and the advices'
 * {@code @ExceptionHandler}s, else as Brisk's problem ({@link UnhandledErrors}).
 */
final class SpringHandler implements Handler {

    private final Object controller;
    private final Invoker invoker;
    private final ArgumentResolver[] plan;
    private final SpringValidation validation;
    private final BeanValidation briskValidation;
    private final ErrorResolution errors;
    private final boolean returnsVoid;
    /** Whether the method takes a servlet response, through which it may answer. */
    private final boolean takesServletResponse;
    private final int status;
    private final String description;

    /**
     * @param validation      Spring's validation (spring-context present), or null
     * @param briskValidation Brisk's parameter validation when spring-context is absent, or null
     * @param status          the status of the method's {@code @ResponseStatus}, 0 when none
     */
    SpringHandler(Object controller, Method method, List<ArgumentResolver> plan, SpringValidation validation,
                  BeanValidation briskValidation, ErrorResolution errors, int status) {
        this.controller = controller;
        this.invoker = Invokers.create(method);
        this.plan = plan.toArray(new ArgumentResolver[0]);
        this.validation = validation;
        this.briskValidation = briskValidation;
        this.errors = errors;
        this.returnsVoid = method.getReturnType() == void.class;
        this.takesServletResponse = SpringClasses.SERVLET_FACADE
                && Arrays.stream(method.getParameterTypes()).anyMatch(ServletArguments::isResponse);
        this.status = status;
        this.description = method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }

    @Override
    public void handle(RequestContext ctx) throws Exception {
        Object result;
        try {
            result = invoke(ctx);
        } catch (Exception e) {
            ctx.send(answer(ctx, e));
            return;
        }
        if (takesServletResponse && result == null) {
            // as on Spring MVC: a handler that takes the response and returns nothing has answered through it
            if (status != 0 && ctx.response().status() == 200) {
                ctx.status(status);
            }
            ServletArguments.sendAnswer(ctx);
            return;
        }
        if (returnsVoid) {
            if (status != 0) {
                ctx.status(status);
            }
            return;
        }
        if (result instanceof CompletionStage<?> stage) {
            ctx.send(stage.handle((value, failure) -> failure == null ? successLater(ctx, value)
                    : answerLater(ctx, unwrap(failure))));
            return;
        }
        Object adapted;
        try {
            adapted = success(ctx, result);
        } catch (Exception e) {
            ctx.send(answer(ctx, e));
            return;
        }
        try {
            ctx.send(adapted);
        } catch (RuntimeException e) {
            if (ctx.response().isCommitted()) {
                throw e;
            }
            ctx.send(answer(ctx, e instanceof NotAcceptableException notAcceptable
                    ? SpringErrors.get().notAcceptable(SpringErrors.springTypes(notAcceptable.producible()))
                    : e instanceof HttpStatusException status && status.status() == 406
                    ? SpringErrors.get().notAcceptable(List.of()) : e));
        }
    }

    private Object invoke(RequestContext ctx) throws Exception {
        Object[] args = plan.length == 0 ? Invoker.NO_ARGS : new Object[plan.length];
        for (int i = 0; i < plan.length; i++) {
            args[i] = plan[i].resolve(ctx);
        }
        if (validation != null) {
            validation.validateArguments(args);
        } else {
            unwrapBound(args);
            if (briskValidation != null) {
                briskValidation.validateParameters(controller, args);
            }
        }
        Object result;
        try {
            result = invoker.invoke(controller, args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (validation != null) {
            validation.validateResult(result);
        } else if (briskValidation != null) {
            briskValidation.validateReturnValue(controller, result);
        }
        return result;
    }

    /** Without spring-context there is no binding result: a model attribute's field that did not convert is a 400. */
    private static void unwrapBound(Object[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof ObjectBinder.Bound bound) {
                ObjectBinder.Failure failure = bound.failures().get(0);
                throw new HttpStatusException(400, "field '" + failure.field() + "': " + failure.message());
            }
        }
    }

    /** The value to send for a successful result: adapted, with the {@code @ResponseStatus} of the method. */
    private Object success(RequestContext ctx, Object value) throws Exception {
        Object adapted = SpringResults.adapt(ctx, value);
        if (status != 0 && !(adapted instanceof ResponseEntity<?>) && !(adapted instanceof SpringResults.UnderWay)) {
            return ResponseEntity.status(status).body(adapted);
        }
        return adapted;
    }

    /** {@link #success} for the value of a {@code CompletionStage}: a failure to adapt it is answered as any. */
    private Object successLater(RequestContext ctx, Object value) {
        try {
            return success(ctx, value);
        } catch (Exception e) {
            return answerLater(ctx, e);
        }
    }

    /** The answer to a failure: an exception handler's result, Spring's problem, or Brisk's (thrown). */
    private Object answer(RequestContext ctx, Throwable error) throws Exception {
        Object handled = errors.resolve(ctx, error, false);
        if (handled != ErrorResolution.UNHANDLED) {
            return handled;
        }
        return UnhandledErrors.answer(ctx, error);
    }

    /** {@link #answer} for the failure of a {@code CompletionStage}: what cannot be answered fails the stage. */
    private Object answerLater(RequestContext ctx, Throwable error) {
        try {
            return answer(ctx, error);
        } catch (RuntimeException e) {
            throw e instanceof CompletionException ? e : new CompletionException(e);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    private static Throwable unwrap(Throwable error) {
        Throwable current = error;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    @Override
    public String toString() {
        return description;
    }
}
