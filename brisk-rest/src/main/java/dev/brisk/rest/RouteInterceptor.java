package dev.brisk.rest;

/** An interceptor bound to the routes it chooses, decided once per route at startup: no cost on other routes. */
public interface RouteInterceptor extends HandlerInterceptor {

    boolean appliesTo(RouteInfo route);
}
