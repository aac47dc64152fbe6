package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.handler.MappedInterceptor;
import org.springframework.web.util.ServletRequestPathUtils;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * One Spring MVC {@code HandlerInterceptor} as a Brisk interceptor: {@code preHandle}, {@code postHandle} (without a
 * model and view) and {@code afterCompletion} get the servlet request and response and, as handler, the route's
 * {@link HandlerMethod} (a resource handler route's {@code ResourceHttpRequestHandler}); a {@link MappedInterceptor}'s
 * path patterns decide per request whether it applies.
 */
final class MvcInterceptor implements HandlerInterceptor {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.spring");

    private final org.springframework.web.servlet.HandlerInterceptor interceptor;
    private final MappedInterceptor mapping;
    private final Map<Method, HandlerMethod> handlers;
    private final Map<String, Handler> resourceHandlers;
    /** The request attribute saying this interceptor applies to the request (its preHandle ran). */
    private final String applied = MvcInterceptor.class.getName() + "@" + Integer.toHexString(hashCode());

    MvcInterceptor(org.springframework.web.servlet.HandlerInterceptor interceptor, MappedInterceptor mapping,
                   Map<Method, HandlerMethod> handlers, Map<String, Handler> resourceHandlers) {
        this.interceptor = interceptor;
        this.mapping = mapping;
        this.handlers = handlers;
        this.resourceHandlers = resourceHandlers;
    }

    private Object handler(RequestContext ctx) {
        Method method = ctx.route().handlerMethod().orElse(null);
        HandlerMethod handler = method == null ? null : handlers.get(method);
        if (handler != null) {
            return handler;
        }
        if (method == null && resourceHandlers.get(ctx.route().path()) instanceof MvcResourceHandler resources) {
            // a resource handler's route: its ResourceHttpRequestHandler, as Spring MVC hands it to interceptors
            Object resourceHandler = resources.handlerFor(ctx);
            if (resourceHandler != null) {
                return resourceHandler;
            }
        }
        return ctx.route();
    }

    private static HttpServletRequest request(RequestContext ctx) {
        if (!ServletSupport.isInstalled(ctx)) {
            throw new IllegalStateException("Spring MVC interceptors need Brisk's servlet facade: install "
                    + "ServletSupport on the server (the Spring Boot starter does when the servlet API is present)");
        }
        return ServletSupport.request(ctx);
    }

    @Override
    public boolean preHandle(RequestContext ctx) throws Exception {
        HttpServletRequest request = request(ctx);
        if (mapping != null) {
            if (!ServletRequestPathUtils.hasParsedRequestPath(request)) {
                ServletRequestPathUtils.parseAndCache(request);
            }
            if (!mapping.matches(request)) {
                return true;
            }
        }
        ctx.attributes().put(applied, Boolean.TRUE);
        if (interceptor.preHandle(request, ServletSupport.response(ctx), handler(ctx))) {
            return true;
        }
        // as on Spring MVC: the interceptor answered (or left the response as it was)
        ServletSupport.sendAnswer(ctx);
        return false;
    }

    @Override
    public void postHandle(RequestContext ctx) throws Exception {
        if (ctx.attributes().get(applied) != null) {
            interceptor.postHandle(request(ctx), ServletSupport.response(ctx), handler(ctx), null);
        }
    }

    @Override
    public void afterCompletion(RequestContext ctx, Throwable error) {
        if (ctx.attributes().get(applied) == null) {
            return;
        }
        try {
            interceptor.afterCompletion(request(ctx), ServletSupport.response(ctx), handler(ctx),
                    error instanceof Exception exception ? exception : null);
        } catch (Exception | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "afterCompletion of " + interceptor.getClass().getName()
                    + " failed", e);
        }
    }

    @Override
    public String toString() {
        return interceptor.getClass().getName();
    }
}
