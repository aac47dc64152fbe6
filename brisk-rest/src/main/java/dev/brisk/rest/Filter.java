package dev.brisk.rest;

/**
 * Runs around request handling. Filters added with {@code filter(...)} run before routing; those added with
 * {@code routeFilter(...)} run after it, knowing {@link RequestContext#route()}. A filter either calls
 * {@link FilterChain#proceed(RequestContext)} (now, or later from any thread) or answers the request itself.
 */
@FunctionalInterface
public interface Filter {

    void filter(RequestContext ctx, FilterChain chain) throws Exception;
}
