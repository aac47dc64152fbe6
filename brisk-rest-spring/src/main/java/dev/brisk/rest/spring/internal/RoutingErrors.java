package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.NoRouteException;
import dev.brisk.rest.RequestContext;

import java.util.List;

/**
 * Requests no route takes, answered as Spring MVC answers them: routing's {@link NoRouteException} becomes Spring's
 * exception ({@code NoResourceFoundException}, {@code HttpRequestMethodNotSupportedException},
 * {@code HttpMediaTypeNotSupportedException}, {@code HttpMediaTypeNotAcceptableException}, ...) and is offered to the
 * {@code @ControllerAdvice} beans that apply to every controller; unanswered, Brisk's problem stands.
 */
public final class RoutingErrors {

    private RoutingErrors() {
    }

    /** The filter that offers routing failures to global advice, or null when no advice would take them. */
    public static Filter filter(List<Advice> advices) {
        ErrorResolution resolution = ErrorResolution.of(null, advices.stream().filter(Advice::isGlobal).toList());
        if (resolution.isEmpty()) {
            return null;
        }
        return (ctx, chain) -> {
            try {
                chain.proceed(ctx);
            } catch (NoRouteException e) {
                String path = ctx.request().path();
                Exception spring = SpringErrors.get().forRouting(e, ctx.request().method().name(), path,
                        withinContext(ctx, path), ctx.request().headers().get("content-type", null),
                        RequestValues.beforeRouting(ctx));
                Object handled = resolution.resolve(ctx, spring, true);
                if (handled == ErrorResolution.UNHANDLED) {
                    throw e;
                }
                // the advice's answer is the whole answer, as on Spring MVC: routing's Allow goes unless it sets one
                ctx.response().headers().remove("allow");
                ctx.send(handled);
            }
        };
    }

    /**
     * {@code path} below the context path when routing noted where it lies (a static mount's miss), else as it is:
     * the path Spring's resource handler names in its {@code NoResourceFoundException}.
     */
    private static String withinContext(RequestContext ctx, String path) {
        String context = ContextArguments.contextPath(ctx);
        return !context.isEmpty() && path.startsWith(context) ? path.substring(context.length()) : path;
    }
}
