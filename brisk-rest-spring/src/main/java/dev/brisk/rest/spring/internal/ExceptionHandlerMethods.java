package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.ResponseEntity;
import dev.brisk.rest.support.Invoker;
import dev.brisk.rest.support.Invokers;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.ExceptionHandler;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.MethodIntrospector;

/**
 * The {@code @ExceptionHandler} methods of one controller or advice bean. As in Spring MVC, a thrown exception is
 * matched by its type (the closest declared type wins), else by its causes, one after the other; the method receives
 * the exception or the cause its parameter asks for, and may also take {@code WebRequest}, {@code Locale},
 * {@code HttpMethod}, {@code Principal} and Brisk's {@code RequestContext}.
 */
final class ExceptionHandlerMethods {

    /** A handler method ready to call: its invoker, its argument plan and the status its {@code @ResponseStatus} sets. */
    private record Call(Method method, Invoker invoker, ExceptionArgument[] plan, int status) {
    }

    /** Fills one parameter of an exception handler from the request and the exception with its causes. */
    @FunctionalInterface
    private interface ExceptionArgument {
        Object resolve(RequestContext ctx, List<Throwable> exceptions) throws Exception;
    }

    /** The handler found for a failure (for the failure itself or for one of its causes). */
    record Match(Call call) {
    }

    private static final int MAX_CAUSES = 16;

    private final Object bean;
    private final Map<Class<? extends Throwable>, Call> byType;
    private final Map<Class<?>, Optional<Call>> resolved = new ConcurrentHashMap<>();

    private ExceptionHandlerMethods(Object bean, Map<Class<? extends Throwable>, Call> byType) {
        this.bean = bean;
        this.byType = byType;
    }

    @SuppressWarnings("unchecked")
    static ExceptionHandlerMethods of(Object bean, Class<?> type) {
        Map<Class<? extends Throwable>, Call> byType = new LinkedHashMap<>();
        // every visibility, as Spring MVC finds them: package-private handler methods are common
        Map<Method, ExceptionHandler> annotated = MethodIntrospector.selectMethods(type,
                (MethodIntrospector.MetadataLookup<ExceptionHandler>) candidate ->
                        AnnotatedElementUtils.findMergedAnnotation(candidate, ExceptionHandler.class));
        for (Map.Entry<Method, ExceptionHandler> found : annotated.entrySet()) {
            Method method = found.getKey();
            ExceptionHandler annotation = found.getValue();
            List<Class<? extends Throwable>> types = new ArrayList<>(List.of(annotation.value()));
            if (types.isEmpty()) {
                for (Class<?> parameter : method.getParameterTypes()) {
                    if (Throwable.class.isAssignableFrom(parameter)) {
                        types.add((Class<? extends Throwable>) parameter);
                    }
                }
            }
            if (types.isEmpty()) {
                throw new IllegalArgumentException("@ExceptionHandler " + method + " names no exception type: list "
                        + "the types in the annotation or declare an exception parameter");
            }
            Call call = new Call(method, Invokers.create(method), plan(type, method), ResponseStatuses.of(type, method));
            for (Class<? extends Throwable> handled : types) {
                Call clash = byType.put(handled, call);
                if (clash != null && !clash.method().equals(method)) {
                    throw new IllegalStateException("ambiguous @ExceptionHandler methods for " + handled.getName()
                            + ": " + clash.method() + " and " + method);
                }
            }
        }
        return new ExceptionHandlerMethods(bean, byType);
    }

    boolean isEmpty() {
        return byType.isEmpty();
    }

    /** The handler for {@code error} or, failing that, for its first cause one handles; null when none does. */
    Match find(Throwable error) {
        int depth = 0;
        for (Throwable t = error; t != null && depth < MAX_CAUSES; t = t.getCause() == t ? null : t.getCause()) {
            Call call = resolved.computeIfAbsent(t.getClass(), this::closest).orElse(null);
            if (call != null) {
                return new Match(call);
            }
            depth++;
        }
        return null;
    }

    /** The handler declared for {@code type} or its closest superclass. */
    private Optional<Call> closest(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            Call call = byType.get(c);
            if (call != null) {
                return Optional.of(call);
            }
        }
        return Optional.empty();
    }

    /** Calls the matched handler for {@code error}; its result adapted to Brisk's (status of @ResponseStatus kept). */
    Object invoke(RequestContext ctx, Match match, Throwable error) throws Exception {
        Call call = match.call();
        List<Throwable> exceptions = chain(error);
        Object[] args = new Object[call.plan().length];
        for (int i = 0; i < args.length; i++) {
            args[i] = call.plan()[i].resolve(ctx, exceptions);
        }
        Object result;
        try {
            result = call.invoker().invoke(bean, args);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        Object adapted = SpringResults.adapt(ctx, result);
        if (call.status() != 0 && !(adapted instanceof ResponseEntity<?>)) {
            return ResponseEntity.status(call.status()).body(adapted);
        }
        return adapted;
    }

    private static List<Throwable> chain(Throwable error) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = error; t != null && chain.size() < MAX_CAUSES && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    private static ExceptionArgument[] plan(Class<?> beanType, Method method) {
        MethodParameter[] parameters = HandlerParameters.of(beanType, method);
        ExceptionArgument[] plan = new ExceptionArgument[parameters.length];
        for (int i = 0; i < plan.length; i++) {
            MethodParameter parameter = parameters[i];
            Class<?> type = parameter.getParameterType();
            if (Throwable.class.isAssignableFrom(type)) {
                plan[i] = (ctx, exceptions) -> {
                    for (Throwable exception : exceptions) {
                        if (type.isInstance(exception)) {
                            return exception;
                        }
                    }
                    return null;
                };
                continue;
            }
            ContextArguments.Resolver common = ContextArguments.resolverOrNull(parameter);
            if (common == null) {
                throw new IllegalArgumentException("@ExceptionHandler " + method + ": parameter #" + i + " ("
                        + type.getName() + ") is not supported; use the exception, WebRequest, Locale, HttpMethod, "
                        + "Principal or Brisk's RequestContext");
            }
            plan[i] = (ctx, exceptions) -> common.resolve(ctx);
        }
        return plan;
    }
}
