package dev.brisk.rest;

/** An interceptor that decides per request (e.g. by header) whether it applies. */
public interface MappingInterceptor extends HandlerInterceptor {

    boolean matches(RequestContext ctx);
}
